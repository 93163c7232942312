import en from '@/locales/en/staff.json';
import fi from '@/locales/fi/staff.json';
import sv from '@/locales/sv/staff.json';
import { addAreaTexts } from '@/lib/i18n';

/** Texts the admin and expert apps share (sign-in, passwords, menus, dialogs); loaded with either app. */
addAreaTexts({ fi, se: sv, en });

import en from '@/locales/en/reschedule.json';
import fi from '@/locales/fi/reschedule.json';
import sv from '@/locales/sv/reschedule.json';
import { addAreaTexts } from '@/lib/i18n';

/** The change-of-time texts (`reschedule.*`): the appointment modal, the bookings list and the book page show them. */
addAreaTexts({ fi, se: sv, en });

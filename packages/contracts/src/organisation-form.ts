import { z } from 'zod/mini';
import { zMultilineText, zText } from './text';
import { ZHexColour, ZOrganisationAreas } from './organisation-admin';
import { meetsRetentionMinimum, RETENTION_MINIMUMS } from './retention';
import { PRESENCE_IDLE_MINUTES_MAX, PRESENCE_IDLE_MINUTES_MIN } from './presence';

/*
 * The organisation form of spec §3 travels as multipart form data: plain text fields, JSON-string
 * fields and image files. These are the rules of each field, as the server applies them after
 * parsing the JSON; the admin web form validates with the same schemas.
 */

const text = (max: number) => zText().check(z.maxLength(max, 'tooLong'));
/** Page contents, descriptions: line breaks and tabs allowed. */
const multilineText = (max: number) => zMultilineText().check(z.maxLength(max, 'tooLong'));
const required = (max: number) => zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'tooLong'));
/**
 * Only web addresses: `https:` or `http:` (a test or intranet page), never `javascript:`, `data:` or another scheme
 * a link could run or embed.
 */
export function isWebUrl(v: string): boolean {
  return URL.canParse(v) && /^https?:$/.test(new URL(v).protocol);
}

/** http(s) URL, as an admin would paste it. */
export const ZWebUrl = zText().check(
  z.trim(),
  z.minLength(1, 'required'),
  z.maxLength(2000, 'tooLong'),
  z.refine((v) => v === '' || isWebUrl(v), 'url'),
);
/** An address that may be left empty (the link is then not shown). */
export const ZOptionalWebUrl = zText().check(
  z.trim(),
  z.maxLength(2000, 'tooLong'),
  z.refine((v) => v === '' || isWebUrl(v), 'url'),
);
const optionalUrl = ZOptionalWebUrl;
const localized = (max: number) => z.object({ fi: multilineText(max), se: multilineText(max), en: multilineText(max) });
/** A link whose text and address may both be empty (then it is not shown); an address must be a web address. */
const optionalLink = z.object({ text: text(200), url: ZOptionalWebUrl });
const requiredLink = z.object({ text: required(200), url: ZWebUrl });
const perLanguage = <T extends z.ZodMiniType>(item: T) => z.object({ fi: item, se: item, en: item });
const buttonIds = z.array(text(64)).check(z.maxLength(2, 'redirectionButtons'));

/** Plain text fields: each value as sent (a string). */
export const ORGANISATION_TEXT_FIELDS = {
  organizationName: required(200),
  /** The name in Swedish and English (Vantaa / Vanda); empty: the Finnish name is used in that language. */
  organizationNameSe: text(200),
  organizationNameEn: text(200),
  /** Whom every e-mail of the organisation comes from unless its template says otherwise; empty: the service's own sender. */
  senderName: zText().check(z.trim(), z.maxLength(100, 'tooLong'), z.regex(/^[^\r\n]*$/, 'invalid')),
  senderAddress: zText().check(
    z.trim(),
    z.maxLength(254, 'tooLong'),
    z.refine((v) => v === '' || z.email().safeParse(v).success, 'email'),
  ),
  paymentNumber: text(100),
  contactPerson: required(200),
  contactPersonEmail: zText().check(z.trim(), z.maxLength(254, 'tooLong'), z.email('email')),
  country: zText().check(z.regex(/^[A-Za-z]{2}$/, 'invalid')),
  organizationInfo: multilineText(5000),
  primaryColor: ZHexColour,
  secondaryColor: ZHexColour,
  endOfService: zText().check(z.refine((v) => v === '' || z.iso.date().safeParse(v).success, 'date')),
  organisationType: z.enum(['internal', 'external']),
  serviceUrl: optionalUrl,
  dontShowOnListingEnabled: z.enum(['true', 'false']),
  additionalServicesInformation: multilineText(10_000),
  /** Data saving (spec §5): experts and admins in months, patients in days; empty keeps data; minimums in `RETENTION_MINIMUMS`. */
  dataSavingExpertMonths: zText().check(
    z.regex(/^(\d{1,4})?$/, 'invalid'),
    z.refine((v) => meetsRetentionMinimum(v, RETENTION_MINIMUMS.expertMonths), 'retentionExpertMinimum'),
  ),
  dataSavingAdminMonths: zText().check(
    z.regex(/^(\d{1,4})?$/, 'invalid'),
    z.refine((v) => meetsRetentionMinimum(v, RETENTION_MINIMUMS.adminMonths), 'retentionAdminMinimum'),
  ),
  dataSavingPatientDays: zText().check(
    z.regex(/^(\d{1,5})?$/, 'invalid'),
    z.refine((v) => meetsRetentionMinimum(v, RETENTION_MINIMUMS.patientDays), 'retentionPatientMinimum'),
  ),
  /** Minutes without use after which an expert counts as away (issue 32), PRESENCE_IDLE_MINUTES_MIN to _MAX. */
  presenceIdleMinutes: zText().check(
    z.trim(),
    z.regex(/^\d{1,3}$/, 'invalid'),
    z.refine((v) => Number(v) >= PRESENCE_IDLE_MINUTES_MIN && Number(v) <= PRESENCE_IDLE_MINUTES_MAX, 'invalid'),
  ),
} as const;
export type OrganisationTextField = keyof typeof ORGANISATION_TEXT_FIELDS;

/** JSON-string fields: the value after `JSON.parse`. Content texts are HTML or plain text per field. */
export const ORGANISATION_JSON_FIELDS = {
  termsAndConditionsText: localized(50_000),
  termsAndConditionsMoreLink: z.nullable(perLanguage(optionalLink)),
  cookiePolicyLink: z.nullable(perLanguage(optionalLink)),
  serviceInfo: localized(20_000),
  chatCodesInfo: localized(20_000),
  thankYouText: localized(5000),
  asyncMessagingFrontPage: localized(20_000),
  asyncMessagingNewMessageBanner: localized(5000),
  questionnaire: z
    .array(z.object({ id: required(64), content: localized(2000), isMandatory: z.boolean() }))
    .check(z.maxLength(50, 'tooLong')),
  /** Thank-you page: two link sections with headlines; every link's text is required in each language (spec §5). */
  redirectionLinks: perLanguage(z.array(requiredLink).check(z.maxLength(20, 'tooLong'))),
  redirectionLinksHeadline: localized(200),
  redirectionLinksSecond: perLanguage(z.array(requiredLink).check(z.maxLength(20, 'tooLong'))),
  redirectionLinksHeadlineSecond: localized(200),
  /** Custom buttons with text and URL in each language. */
  redirectionButtons: z.array(z.object({ id: required(64), details: perLanguage(requiredLink) })).check(z.maxLength(20, 'tooLong')),
  /** 0 to 2 buttons shown (spec §9), of which at most one primary. */
  redirectionSelectedButtons: buttonIds,
  redirectionPrimaryButtons: z.array(text(64)).check(z.maxLength(1, 'redirectionButtons')),
  bookingConfirmedText: localized(5000),
  bookingConfirmedLink: z.nullable(perLanguage(optionalLink)),
  /** Per language, URL and name both required (spec §5). */
  privacyStatementUrl: perLanguage(z.object({ url: ZWebUrl, name: required(200) })),
  /** The organisation's services in display order, as the admin page holds them (chat code details removed). */
  services: z.array(z.object({ id: z.uuid('invalid') })).check(z.maxLength(200, 'tooLong')),
  areas: ZOrganisationAreas,
  /** Survey ids offered by the organisation. */
  surveys: z.array(required(100)).check(z.maxLength(100, 'tooLong')),
  /** The chat page's texts, plain text (`ZChatTexts`). */
  chatTexts: z.object({ help: localized(5000), info: localized(5000), waiting: localized(2000), closed: localized(2000) }),
} as const;
export type OrganisationJsonField = keyof typeof ORGANISATION_JSON_FIELDS;

/** Fields a new organisation must have (spec §5: name, contact person, e-mail, logo, privacy statement). */
export const ORGANISATION_CREATE_REQUIRED = [
  'organizationName',
  'contactPerson',
  'contactPersonEmail',
  'primaryColor',
  'secondaryColor',
  'privacyStatementUrl',
  'logo',
] as const;

import { z } from 'zod/mini';
import { zText } from './text';
import { toLanguage } from './languages';
import { ZLocalized } from './organisation-content';

const required = () => zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(200, 'tooLong'));

/** Spec §5 'Contact form'. First and last name come from the identity and are never taken from the client. */
export const ZContactUpdate = z.object({
  street: required(),
  code: zText().check(z.trim(), z.regex(/^.{5}$/, 'postalCode')),
  city: required(),
  // People write "040 123 4567" or "040-123 4567": spaces and dashes go before the spec's digits-only check.
  mobile: zText().check(
    z.overwrite((v) => v.replace(/[\s-]/g, '')),
    z.regex(/^[0-9+][0-9]{4,19}$/, 'mobile'),
  ),
  email: zText().check(z.trim(), z.email('email'), z.maxLength(254, 'tooLong')),
  country: zText().check(z.regex(/^[a-z]{2}$/, 'invalid')),
  nationality: zText().check(z.regex(/^[a-z]{2}$/, 'invalid')),
});
export type ContactUpdate = z.infer<typeof ZContactUpdate>;

/**
 * `POST /api/contact`'s body. Mobile and e-mail are checked against ZContactUpdate's rules by the service, and only
 * when the patient acts for themself: while acting on behalf they are the delegate's own, the form shows them
 * read-only, and whatever those fields held is ignored.
 */
export const ZContactSave = z.extend(ZContactUpdate, {
  mobile: zText().check(z.maxLength(254, 'tooLong')),
  email: zText().check(z.maxLength(254, 'tooLong')),
});
export type ContactSave = z.infer<typeof ZContactSave>;
/** The part of ZContactUpdate the service checks itself (ZContactSave). */
export const ZOwnReachability = z.pick(ZContactUpdate, { mobile: true, email: true });

export const ZContact = z.object({
  firstName: z.string(),
  lastName: z.string(),
  street: z.string(),
  code: z.string(),
  city: z.string(),
  mobile: z.string(),
  email: z.string(),
  country: z.string(),
  nationality: z.string(),
  termsAccepted: z.boolean(),
});
export type Contact = z.infer<typeof ZContact>;
export const DEFAULT_COUNTRY = 'fi';

/** Spec §3 'Organisations info'. */
export const ZOrganisationsInfo = z.object({
  organisations: z.array(z.object({ id: z.string(), name: z.string() })),
  selectedOrganisation: z.nullable(z.string()),
});
export type OrganisationsInfo = z.infer<typeof ZOrganisationsInfo>;
export const ZSelectOrganisation = z.object({ selectedOrganisation: zText().check(z.minLength(1, 'required')) });

/** True for an IANA time zone name the runtime knows (`Europe/Helsinki`, `UTC`). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** `POST /api/client_params`: the patient app's language (`sv` means `se`) and the browser's time zone. */
export const ZClientParams = z.object({
  lang: zText().check(
    z.maxLength(5, 'tooLong'),
    z.refine((v) => toLanguage(v) !== undefined, 'invalid'),
  ),
  timezone: zText().check(z.maxLength(64, 'tooLong'), z.refine(isTimeZone, 'invalid')),
});
export type ClientParams = z.infer<typeof ZClientParams>;

/** The welcome page's 'don't show again', remembered per user e-mail. */
export const ZWelcomePreference = z.object({ dontShowAgain: z.boolean() });

/** Where the patient stands in onboarding: what the route guards need, in one call. */
export const ZPatientStatus = z.object({
  hasOrganisation: z.boolean(),
  termsAccepted: z.boolean(),
  contactSaved: z.boolean(),
  dontShowWelcome: z.boolean(),
});
export type PatientStatus = z.infer<typeof ZPatientStatus>;

/** Lists (spec §3 'Other patient-side entities'). */
export const ZCity = z.object({ id: z.string(), name: z.string(), cityName: ZLocalized });
export const ZCountry = z.object({ code: z.string(), name: ZLocalized });
export const ZNationality = z.object({ code: z.string(), name: ZLocalized });
export const ZSpecialization = z.object({ id: z.string(), name: ZLocalized, availableAt: z.array(z.string()) });
export type City = z.infer<typeof ZCity>;
export type Country = z.infer<typeof ZCountry>;
export type Specialization = z.infer<typeof ZSpecialization>;

/**
 * Change location: the municipalities (by code) some organisation serves, each with the organisation a move there
 * selects (spec §4: the patient is told when their provider changes), the area chosen last and the current
 * organisation.
 */
const ZOrganisationName = z.object({ id: z.string(), name: z.string() });
export const ZLocationOptions = z.object({
  areas: z.array(z.object({ id: z.string(), name: ZLocalized, organisation: ZOrganisationName })),
  current: z.nullable(z.string()),
  currentOrganisation: z.nullable(ZOrganisationName),
});
export const ZChangeLocation = z.object({ area: zText().check(z.minLength(1, 'required')) });

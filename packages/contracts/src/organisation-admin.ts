import { z } from 'zod/mini';
import { zText } from './text';
import { ZFeatureFlags } from './feature-flags';
import { ZLocalized, ZOrganisationContent } from './organisation-content';
import { SERVICE_ICONS } from './services';

/**
 * Spec §9: theme images are 256×128 (logos) and 1900×1080 (background) px. An image of that shape in any size is
 * taken and scaled to it by the server; the shape is checked on the real image, not on what the browser says.
 */
export const IMAGE_RULES = {
  logo: { width: 256, height: 128 },
  logoEn: { width: 256, height: 128 },
  logoSe: { width: 256, height: 128 },
  background: { width: 1900, height: 1080 },
} as const;
export type OrganisationImageKind = keyof typeof IMAGE_RULES;
/** How far an image's width-to-height ratio may be from the rule's (2 %): a crop a pixel or two off still fits. */
export const IMAGE_ASPECT_TOLERANCE = 0.02;
/** The most pixels a theme image may have before scaling: decoding takes 4 bytes a pixel. */
export const IMAGE_MAX_MEGAPIXELS = 25;

/** Whether an image of `width` × `height` has the shape of the rule for `kind` (within IMAGE_ASPECT_TOLERANCE). */
export function fitsImageAspect(kind: OrganisationImageKind, width: number, height: number): boolean {
  const want = IMAGE_RULES[kind].width / IMAGE_RULES[kind].height;
  return width > 0 && height > 0 && Math.abs(width / height - want) <= want * IMAGE_ASPECT_TOLERANCE;
}
export const ORGANISATION_IMAGE_KINDS = Object.keys(IMAGE_RULES) as OrganisationImageKind[];
/** Raster formats only: an SVG can carry script. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Largest text field of the organisation form (the JSON-string fields included). */
export const MAX_FORM_FIELD_BYTES = 256 * 1024;

/** Spec §9 'Days-per-month factor 30.437 for data retention'. */
export const DAYS_PER_MONTH = 30.437;

/** `#RRGGBB` (spec §5). */
export const ZHexColour = zText().check(z.regex(/^#[0-9A-Fa-f]{6}$/, 'colour'));

/** Where an organisation serves: Statistics Finland municipality codes (3 digits) and postal codes (5 digits). */
export const ZOrganisationAreas = z.object({
  municipalities: z.array(zText().check(z.regex(/^\d{3}$/, 'invalid'))).check(z.maxLength(400, 'tooLong')),
  postalCodes: z.array(zText().check(z.regex(/^\d{5}$/, 'postalCode'))).check(z.maxLength(3000, 'tooLong')),
});
export type OrganisationAreas = z.infer<typeof ZOrganisationAreas>;

/** An organisation's service as the organisation form lists it (the chat code details left out). */
export const ZOrganisationServiceSummary = z.object({
  id: z.uuid(),
  name: ZLocalized,
  icon: z.enum(SERVICE_ICONS),
  chatQueueId: z.string(),
  requiresCode: z.boolean(),
  selfAssessment: z.enum(['none', 'optional', 'mandatory']),
});
export type OrganisationServiceSummary = z.infer<typeof ZOrganisationServiceSummary>;

/** Data saving as the admin enters it (spec §5): experts and admins in months, patients in days; null keeps. */
export const ZDataSaving = z.object({
  expertMonths: z.nullable(z.number()),
  adminMonths: z.nullable(z.number()),
  patientDays: z.nullable(z.number()),
});
export type DataSaving = z.infer<typeof ZDataSaving>;

export const ZRetentionDays = z.object({
  patientDays: z.nullable(z.number()),
  adminDays: z.nullable(z.number()),
  expertDays: z.nullable(z.number()),
});

/**
 * `GET /api/admin/organisation/get/{id}`: every field of spec §3 'Organisation' under the form's names,
 * the JSON-string fields as objects. Secrets are never sent back, only whether each is set.
 */
export const ZAdminOrganisation = z.extend(ZOrganisationContent, {
  id: z.uuid(),
  slug: z.string(),
  clientId: z.string(),
  organizationName: z.string(),
  /** The name in Swedish and English; '' when the Finnish name is used. */
  organizationNameSe: z.string(),
  organizationNameEn: z.string(),
  /** The organisation's sender of e-mail, which its templates inherit; '' when the service's own is used. */
  senderName: z.string(),
  senderAddress: z.string(),
  paymentNumber: z.string(),
  contactPerson: z.string(),
  contactPersonEmail: z.string(),
  country: z.string(),
  organizationInfo: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  endOfService: z.nullable(z.string()),
  organisationType: z.enum(['internal', 'external']),
  serviceUrl: z.string(),
  dontShowOnListingEnabled: z.boolean(),
  flags: ZFeatureFlags,
  additionalServicesInformation: z.string(),
  services: z.array(ZOrganisationServiceSummary),
  areas: ZOrganisationAreas,
  surveys: z.array(z.string()),
  dataSaving: ZDataSaving,
  retention: ZRetentionDays,
  /** Minutes without use after which an expert counts as away (issue 32). */
  presenceIdleMinutes: z.number(),
  images: z.object({
    logo: z.nullable(z.string()),
    logoEn: z.nullable(z.string()),
    logoSe: z.nullable(z.string()),
    background: z.nullable(z.string()),
  }),
});
export type AdminOrganisation = z.infer<typeof ZAdminOrganisation>;

/** `GET /api/admin/organisation/list`: the organisations the admin may choose from, and the chosen one. */
export const ZAdminOrganisationList = z.object({
  organisations: z.array(z.object({ id: z.uuid(), name: z.string() })),
  selectedOrganisation: z.nullable(z.string()),
});
export type AdminOrganisationList = z.infer<typeof ZAdminOrganisationList>;

export const ZOrganisationIdParams = z.object({ id: zText().check(z.maxLength(64)) });

/** Answer of create and update: the organisation as stored. */
export const ZOrganisationSaved = z.object({ id: z.uuid(), clientId: z.string() });
export type OrganisationSaved = z.infer<typeof ZOrganisationSaved>;

/** `GET /api/admin/icon/list`: the service icons with their labels. */
export const ZServiceIconList = z.array(z.object({ id: z.enum(SERVICE_ICONS), label: ZLocalized }));
export type ServiceIconList = z.infer<typeof ZServiceIconList>;

export const SERVICE_ICON_LABELS: ServiceIconList = [
  { id: 'doctor', label: { fi: 'Lääkäri', se: 'Läkare', en: 'Doctor' } },
  { id: 'nurse', label: { fi: 'Sairaanhoitaja', se: 'Sjukskötare', en: 'Nurse' } },
  { id: 'therapist', label: { fi: 'Terapeutti', se: 'Terapeut', en: 'Therapist' } },
  { id: 'childDoctor', label: { fi: 'Lastenlääkäri', se: 'Barnläkare', en: 'Child doctor' } },
  { id: 'physiotherapist', label: { fi: 'Fysioterapeutti', se: 'Fysioterapeut', en: 'Physiotherapist' } },
];

/** `GET /api/expert/organisation`: what the expert app needs of its organisation; nothing secret. */
export const ZExpertOrganisation = z.object({
  id: z.uuid(),
  name: z.string(),
  flags: ZFeatureFlags,
  theme: z.object({ primaryColor: z.string(), backgroundColor: z.string() }),
  services: z.array(ZOrganisationServiceSummary),
  languages: z.array(z.enum(['fi', 'se', 'en'])),
});
export type ExpertOrganisation = z.infer<typeof ZExpertOrganisation>;

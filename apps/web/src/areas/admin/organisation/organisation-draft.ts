import {
  FEATURE_FLAGS,
  ORGANISATION_JSON_FIELDS,
  ORGANISATION_TEXT_FIELDS,
  type AdminOrganisation,
  type FeatureFlags,
  type Localized,
  type OrganisationImageKind,
  type OrganisationJsonField,
  type OrganisationTextField,
} from '@prsp/contracts';
import { z } from 'zod/mini';
import { schemaErrors } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/validation';

export type OrganisationJson = { [K in OrganisationJsonField]: z.infer<(typeof ORGANISATION_JSON_FIELDS)[K]> };

/**
 * The organisation form of spec §3 as the admin pages hold it: the plain fields as typed, the flags,
 * the JSON-string fields as objects, and the images chosen but not yet sent.
 */
export type OrganisationDraft = {
  text: Record<OrganisationTextField, string>;
  flags: FeatureFlags;
  json: OrganisationJson;
  files: Partial<Record<OrganisationImageKind, File>>;
  removeBackground: boolean;
};

const months = (n: number | null) => (n === null ? '' : String(n));
const emptyLocalized = (): Localized => ({ fi: '', se: '', en: '' });
const emptyLinks = () => ({ fi: [], se: [], en: [] });

export function draftFromOrganisation(org: AdminOrganisation): OrganisationDraft {
  return {
    text: {
      organizationName: org.organizationName,
      organizationNameSe: org.organizationNameSe,
      organizationNameEn: org.organizationNameEn,
      senderName: org.senderName,
      senderAddress: org.senderAddress,
      paymentNumber: org.paymentNumber,
      contactPerson: org.contactPerson,
      contactPersonEmail: org.contactPersonEmail,
      country: org.country,
      organizationInfo: org.organizationInfo,
      primaryColor: org.primaryColor,
      secondaryColor: org.secondaryColor,
      endOfService: org.endOfService ?? '',
      organisationType: org.organisationType,
      serviceUrl: org.serviceUrl,
      dontShowOnListingEnabled: String(org.dontShowOnListingEnabled),
      additionalServicesInformation: org.additionalServicesInformation,
      dataSavingExpertMonths: months(org.dataSaving.expertMonths),
      dataSavingAdminMonths: months(org.dataSaving.adminMonths),
      dataSavingPatientDays: months(org.dataSaving.patientDays),
      presenceIdleMinutes: String(org.presenceIdleMinutes),
    },
    flags: { ...org.flags },
    json: {
      termsAndConditionsText: org.termsAndConditionsText,
      termsAndConditionsMoreLink: org.termsAndConditionsMoreLink,
      cookiePolicyLink: org.cookiePolicyLink,
      serviceInfo: org.serviceInfo,
      chatCodesInfo: org.chatCodesInfo,
      thankYouText: org.thankYouText,
      asyncMessagingFrontPage: org.asyncMessagingFrontPage,
      asyncMessagingNewMessageBanner: org.asyncMessagingNewMessageBanner,
      questionnaire: org.questionnaire,
      redirectionLinks: org.redirectionLinks,
      redirectionLinksHeadline: org.redirectionLinksHeadline,
      redirectionLinksSecond: org.redirectionLinksSecond,
      redirectionLinksHeadlineSecond: org.redirectionLinksHeadlineSecond,
      redirectionButtons: org.redirectionButtons,
      redirectionSelectedButtons: org.redirectionSelectedButtons,
      redirectionPrimaryButtons: org.redirectionPrimaryButtons,
      bookingConfirmedText: org.bookingConfirmedText,
      bookingConfirmedLink: org.bookingConfirmedLink,
      privacyStatementUrl: org.privacyStatementUrl,
      chatTexts: org.chatTexts,
      services: org.services.map((s) => ({ id: s.id })),
      areas: org.areas,
      surveys: org.surveys,
    },
    files: {},
    removeBackground: false,
  };
}

/** A new organisation: Finnish, all languages on, the product's own colours; the server fills the default texts. */
export function newOrganisationDraft(): OrganisationDraft {
  const flags = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true])) as FeatureFlags;
  flags.actingEnabled = false;
  flags.htaConnectorEnabled = false;
  return {
    text: {
      organizationName: '',
      organizationNameSe: '',
      organizationNameEn: '',
      senderName: '',
      senderAddress: '',
      paymentNumber: '',
      contactPerson: '',
      contactPersonEmail: '',
      country: 'FI',
      organizationInfo: '',
      primaryColor: '#0b4f8a',
      secondaryColor: '#f2f6fa',
      endOfService: '',
      organisationType: 'internal',
      serviceUrl: '',
      dontShowOnListingEnabled: 'false',
      additionalServicesInformation: '',
      dataSavingExpertMonths: '',
      dataSavingAdminMonths: '',
      dataSavingPatientDays: '',
      presenceIdleMinutes: '15',
    },
    flags,
    json: {
      termsAndConditionsText: emptyLocalized(),
      termsAndConditionsMoreLink: null,
      cookiePolicyLink: null,
      serviceInfo: emptyLocalized(),
      chatCodesInfo: emptyLocalized(),
      thankYouText: emptyLocalized(),
      asyncMessagingFrontPage: emptyLocalized(),
      asyncMessagingNewMessageBanner: emptyLocalized(),
      questionnaire: [],
      redirectionLinks: emptyLinks(),
      redirectionLinksHeadline: emptyLocalized(),
      redirectionLinksSecond: emptyLinks(),
      redirectionLinksHeadlineSecond: emptyLocalized(),
      redirectionButtons: [],
      redirectionSelectedButtons: [],
      redirectionPrimaryButtons: [],
      bookingConfirmedText: emptyLocalized(),
      bookingConfirmedLink: null,
      privacyStatementUrl: { fi: { url: '', name: '' }, se: { url: '', name: '' }, en: { url: '', name: '' } },
      chatTexts: { help: emptyLocalized(), info: emptyLocalized(), waiting: emptyLocalized(), closed: emptyLocalized() },
      services: [],
      areas: { municipalities: [], postalCodes: [] },
      surveys: [],
    },
    files: {},
    removeBackground: false,
  };
}

/** The JSON fields a new organisation sends; the rest start from the server's default content. */
export const CREATE_JSON_FIELDS: OrganisationJsonField[] = ['privacyStatementUrl', 'areas', 'services', 'surveys'];

/**
 * Multipart body of `create` and `update` (spec §3): text fields as they are, flags as 'true'/'false',
 * JSON-string fields stringified, images as files. An update leaves out what the page does not edit (the
 * server keeps those as they are).
 */
export function toFormData(
  draft: OrganisationDraft,
  opts: { id?: string; text?: readonly OrganisationTextField[]; json?: readonly OrganisationJsonField[]; flagsAndImages?: boolean },
): FormData {
  const form = new FormData();
  if (opts.id) form.append('id', opts.id);
  for (const key of opts.text ?? (Object.keys(draft.text) as OrganisationTextField[])) form.append(key, draft.text[key]);
  for (const key of opts.json ?? (Object.keys(ORGANISATION_JSON_FIELDS) as OrganisationJsonField[]))
    form.append(key, JSON.stringify(draft.json[key]));
  if (opts.flagsAndImages === false) return form;
  for (const flag of FEATURE_FLAGS) form.append(flag, String(draft.flags[flag]));
  for (const [kind, file] of Object.entries(draft.files)) if (file) form.append(kind, file, file.name);
  if (draft.removeBackground && !draft.files.background) form.append('background', 'null');
  return form;
}

/** The fields one organisation page edits, checks and sends. */
export type DraftFields = { text?: readonly OrganisationTextField[]; json?: readonly OrganisationJsonField[] };

/**
 * The contract's rules of the chosen fields, as one schema of the request's fields (spec §5 'Organisation'): its
 * paths are the server's (`privacyStatementUrl.fi.url`), so server errors land on the same fields.
 */
export function draftSchema(fields: DraftFields) {
  return z.object({
    ...Object.fromEntries((fields.text ?? []).map((key) => [key, ORGANISATION_TEXT_FIELDS[key]])),
    ...Object.fromEntries((fields.json ?? []).map((key) => [key, ORGANISATION_JSON_FIELDS[key]])),
  });
}

/** The chosen fields of the draft as the schema checks them: the text fields as typed, the JSON fields as objects. */
export function draftBody(draft: OrganisationDraft, fields: DraftFields): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of fields.text ?? []) body[key] = draft.text[key];
  for (const key of fields.json ?? []) body[key] = draft.json[key];
  return body;
}

/** Checks the chosen fields with the contract's own rules; the keys of the answer are the server's field paths. */
export function validateDraft(draft: OrganisationDraft, fields: DraftFields): FieldErrors {
  return schemaErrors(draftSchema(fields), draftBody(draft, fields));
}

/** Plain fields each section of the service settings page edits (and validates). */
export const SETTINGS_TEXT_FIELDS: OrganisationTextField[] = [
  'organizationName',
  'organizationNameSe',
  'organizationNameEn',
  'senderName',
  'senderAddress',
  'paymentNumber',
  'contactPerson',
  'contactPersonEmail',
  'country',
  'organizationInfo',
  'primaryColor',
  'secondaryColor',
  'endOfService',
  'organisationType',
  'serviceUrl',
  'dontShowOnListingEnabled',
  'additionalServicesInformation',
  'dataSavingExpertMonths',
  'dataSavingAdminMonths',
  'dataSavingPatientDays',
  'presenceIdleMinutes',
];
export const SETTINGS_JSON_FIELDS: OrganisationJsonField[] = [
  'privacyStatementUrl',
  'areas',
  'services',
  'surveys',
  'serviceInfo',
  'termsAndConditionsText',
  'termsAndConditionsMoreLink',
  'cookiePolicyLink',
  'asyncMessagingFrontPage',
  'asyncMessagingNewMessageBanner',
];

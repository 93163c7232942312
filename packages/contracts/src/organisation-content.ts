import { z } from 'zod/mini';
import { ZLanguage } from './languages';

/** A text in each of the product's languages. */
export const ZLocalized = z.object({ fi: z.string(), se: z.string(), en: z.string() });

/** An organisation's name in each language (Vantaa / Vanda): its own name there, else the Finnish one. */
export function localizedOrganisationName(fi: string, se: string | null, en: string | null): z.infer<typeof ZLocalized> {
  return { fi, se: se || fi, en: en || fi };
}
export const ZLink = z.object({ text: z.string(), url: z.string() });
export type Link = z.infer<typeof ZLink>;
/** A link in each language (spec: 'per language (text, url)'). */
export const ZLocalizedLink = z.object({ fi: ZLink, se: ZLink, en: ZLink });
export type LocalizedLink = z.infer<typeof ZLocalizedLink>;
export const ZLocalizedLinks = z.object({ fi: z.array(ZLink), se: z.array(ZLink), en: z.array(ZLink) });

export const ZQuestion = z.object({ id: z.string(), content: ZLocalized, isMandatory: z.boolean() });
export type Question = z.infer<typeof ZQuestion>;

export const ZRedirectionButton = z.object({ id: z.string(), details: ZLocalizedLink });
export type RedirectionButton = z.infer<typeof ZRedirectionButton>;

export const ZPrivacyStatement = z.object({
  fi: z.object({ url: z.string(), name: z.string() }),
  se: z.object({ url: z.string(), name: z.string() }),
  en: z.object({ url: z.string(), name: z.string() }),
});

/**
 * The chat page's texts (`/admin/chat/customizable`), plain text with line breaks, per language: the help modal,
 * the info modal, what a patient reads while waiting in the queue, and what they read when the queue is closed.
 */
export const ZChatTexts = z.object({ help: ZLocalized, info: ZLocalized, waiting: ZLocalized, closed: ZLocalized });
export type ChatTexts = z.infer<typeof ZChatTexts>;

/**
 * An organisation's customisable content, keyed by the names of spec §3 'Organisation'
 * (the admin form sends each as a JSON string), plus the terms the patient accepts.
 */
export const ZOrganisationContent = z.object({
  termsAndConditionsText: ZLocalized,
  termsAndConditionsMoreLink: z.nullable(ZLocalizedLink),
  cookiePolicyLink: z.nullable(ZLocalizedLink),
  serviceInfo: ZLocalized,
  chatCodesInfo: ZLocalized,
  thankYouText: ZLocalized,
  redirectionLinks: ZLocalizedLinks,
  redirectionLinksHeadline: ZLocalized,
  redirectionLinksSecond: ZLocalizedLinks,
  redirectionLinksHeadlineSecond: ZLocalized,
  redirectionButtons: z.array(ZRedirectionButton),
  redirectionSelectedButtons: z.array(z.string()),
  redirectionPrimaryButtons: z.array(z.string()),
  bookingConfirmedText: ZLocalized,
  bookingConfirmedLink: z.nullable(ZLocalizedLink),
  asyncMessagingFrontPage: ZLocalized,
  asyncMessagingNewMessageBanner: ZLocalized,
  questionnaire: z.array(ZQuestion),
  privacyStatementUrl: ZPrivacyStatement,
  chatTexts: ZChatTexts,
});
export type OrganisationContent = z.infer<typeof ZOrganisationContent>;

export { ZLanguage };

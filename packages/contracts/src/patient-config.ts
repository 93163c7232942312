import { z } from 'zod/mini';
import { ZFeatureFlags } from './feature-flags';
import {
  ZChatTexts,
  ZLocalized,
  ZLocalizedLink,
  ZLocalizedLinks,
  ZQuestion,
  ZRedirectionButton,
  ZPrivacyStatement,
} from './organisation-content';

export const ZThemeOverrides = z.object({
  logoUrl: z.nullable(z.string()),
  logoUrls: z.object({ fi: z.nullable(z.string()), se: z.nullable(z.string()), en: z.nullable(z.string()) }),
  backgroundUrl: z.nullable(z.string()),
  colors: z.object({ primary: z.string(), background: z.string() }),
});
export type ThemeOverrides = z.infer<typeof ZThemeOverrides>;

/** The person a patient acts for (spec §3 'Patient config' actOnBehalf). */
export const ZActOnBehalf = z.object({ ssn: z.string(), name: z.string() });
export type ActOnBehalf = z.infer<typeof ZActOnBehalf>;

/** `GET /api/config` and `GET /api/config/{companyId}`: spec §3 'Patient config', exactly. */
export const ZPatientConfig = z.extend(ZFeatureFlags, {
  actOnBehalf: z.nullable(ZActOnBehalf),
  name: z.string(),
  /** The organisation's name in each language (the Finnish one where it has none): the app shows `names[lang]`. */
  names: ZLocalized,
  questionnaire: z.array(ZQuestion),
  bookingConfirmedText: ZLocalized,
  bookingConfirmedLink: z.nullable(ZLocalizedLink),
  termsAndConditionsText: ZLocalized,
  termsAndConditionsMoreLink: z.nullable(ZLocalizedLink),
  cookiePolicyLink: z.nullable(ZLocalizedLink),
  serviceInfoText: ZLocalized,
  chatCodesInfo: ZLocalized,
  thankYouText: ZLocalized,
  thankYouLinksAddAttention: ZLocalizedLinks,
  thankYouLinksAddAttentionHeadline: ZLocalized,
  thankYouLinksResolved: ZLocalizedLinks,
  thankYouLinksResolvedHeadline: ZLocalized,
  redirectionButtons: z.array(ZRedirectionButton),
  redirectionSelectedButtons: z.array(z.string()),
  redirectionPrimaryButtons: z.array(z.string()),
  themeOverrides: ZThemeOverrides,
  asyncMessagingFrontPage: ZLocalized,
  asyncMessagingNewMessageBanner: ZLocalized,
  privacyStatement: ZPrivacyStatement,
  /** The chat page's texts (plain text): help and info modals, waiting-room and closed-queue texts. */
  chatTexts: ZChatTexts,
  /**
   * Beyond the spec's list: the health-assessment connector's page (an absolute URL, or a path on our own origin for
   * the built-in one); null when self-assessment is unavailable (the flag is off, or no connector is configured).
   */
  htaConnectorUrl: z.nullable(z.string()),
});
export type PatientConfig = z.infer<typeof ZPatientConfig>;

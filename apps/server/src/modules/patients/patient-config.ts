import {
  FEATURE_FLAGS,
  localizedOrganisationName,
  type ActOnBehalf,
  type FeatureFlags,
  type Localized,
  type PatientConfig,
} from '@prsp/contracts';
import {
  defaultOrganisationContent,
  organisationFileUrl,
  sanitizeTermsHtml,
  type FileStamp,
  type OrganisationRow,
} from '../organisations/organisations.service';

function flagsOf(flags: FeatureFlags): FeatureFlags {
  // Exactly the 14 flags, each a boolean, whatever else an older row may carry.
  return Object.fromEntries(FEATURE_FLAGS.map((f) => [f, flags[f] === true])) as FeatureFlags;
}

function sanitizeLocalized(text: Localized): Localized {
  return { fi: sanitizeTermsHtml(text.fi), se: sanitizeTermsHtml(text.se), en: sanitizeTermsHtml(text.en) };
}

/**
 * Spec §3 'Patient config' from an organisation row: its flags, texts under the names the patient app
 * uses, the theme with image URLs where images exist, and the person acted for (when acting on behalf).
 * `connectorUrl`: the configured health-assessment connector's page, if any.
 * The HTML texts (terms, chat codes info, messaging front page) are sanitised here, on the way out,
 * so no stored HTML reaches a browser unfiltered.
 */
export function toPatientConfig(
  org: OrganisationRow,
  files: FileStamp[],
  actOnBehalf: ActOnBehalf | null,
  connectorUrl: string | null = null,
): PatientConfig {
  const c = org.content;
  const url = (kind: FileStamp['kind']) => {
    const file = files.find((f) => f.kind === kind);
    return file ? organisationFileUrl(org.id, file) : null;
  };
  return {
    ...flagsOf(org.flags),
    actOnBehalf,
    name: org.name,
    names: localizedOrganisationName(org.name, org.nameSe, org.nameEn),
    questionnaire: c.questionnaire,
    bookingConfirmedText: c.bookingConfirmedText,
    bookingConfirmedLink: c.bookingConfirmedLink,
    termsAndConditionsText: sanitizeLocalized(c.termsAndConditionsText),
    termsAndConditionsMoreLink: c.termsAndConditionsMoreLink,
    cookiePolicyLink: c.cookiePolicyLink,
    serviceInfoText: c.serviceInfo,
    chatCodesInfo: sanitizeLocalized(c.chatCodesInfo),
    thankYouText: c.thankYouText,
    thankYouLinksAddAttention: c.redirectionLinks,
    thankYouLinksAddAttentionHeadline: c.redirectionLinksHeadline,
    thankYouLinksResolved: c.redirectionLinksSecond,
    thankYouLinksResolvedHeadline: c.redirectionLinksHeadlineSecond,
    redirectionButtons: c.redirectionButtons,
    redirectionSelectedButtons: c.redirectionSelectedButtons,
    redirectionPrimaryButtons: c.redirectionPrimaryButtons,
    themeOverrides: {
      logoUrl: url('logo'),
      logoUrls: { fi: url('logo'), se: url('logoSe'), en: url('logoEn') },
      backgroundUrl: url('background'),
      colors: { primary: org.primaryColor, background: org.backgroundColor },
    },
    asyncMessagingFrontPage: sanitizeLocalized(c.asyncMessagingFrontPage),
    asyncMessagingNewMessageBanner: c.asyncMessagingNewMessageBanner,
    privacyStatement: c.privacyStatementUrl,
    // Rows written before the chat texts existed answer with the defaults.
    chatTexts: c.chatTexts ?? defaultOrganisationContent(localizedOrganisationName(org.name, org.nameSe, org.nameEn)).chatTexts,
    // Spec §6: self-assessment only with the connector on, and only where there is a connector to show.
    htaConnectorUrl: org.flags.htaConnectorEnabled === true ? connectorUrl : null,
  };
}

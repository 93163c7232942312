import type { Language, Link, PatientConfig } from '@prsp/contracts';

/** Spec §9: a thank-you link list shows open when it has fewer than 4 links, and folds away otherwise. */
export const LINKS_EXPANDED_BELOW = 4;

export function linksExpanded(count: number): boolean {
  return count < LINKS_EXPANDED_BELOW;
}

/** Spec §9: at most 2 redirection buttons show. */
const MAX_BUTTONS = 2;

export type ShownButton = { id: string; link: Link; primary: boolean };

/**
 * The redirection buttons the admin chose on /admin/thankYou (`redirectionSelectedButtons`, in that order), in the
 * patient's language, the one in `redirectionPrimaryButtons` marked primary. Ids of removed buttons and buttons
 * without a text or address in this language are left out.
 */
export function shownButtons(
  config: Pick<PatientConfig, 'redirectionButtons' | 'redirectionSelectedButtons' | 'redirectionPrimaryButtons'>,
  lang: Language,
): ShownButton[] {
  return config.redirectionSelectedButtons
    .flatMap((id) => {
      const button = config.redirectionButtons.find((b) => b.id === id);
      const link = button?.details[lang];
      return link && link.text.trim() && link.url.trim() ? [{ id, link, primary: config.redirectionPrimaryButtons.includes(id) }] : [];
    })
    .slice(0, MAX_BUTTONS);
}

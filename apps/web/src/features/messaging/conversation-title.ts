import type { Language } from '@prsp/contracts';

type Titled = {
  subject: string | null;
  categoryName: Record<Language, string> | null;
  subcategoryName: Record<Language, string> | null;
};

/**
 * Spec §2 'Conversation': the subject, or else the category and subcategory names in the reader's language
 * ('Category / Subcategory'); a name missing in that language falls back to Finnish.
 */
export function conversationTitle(conversation: Titled, lang: Language): string {
  const subject = conversation.subject?.trim();
  if (subject) return subject;
  const name = (n: Record<Language, string> | null) => (n ? n[lang] || n.fi : '');
  return [name(conversation.categoryName), name(conversation.subcategoryName)].filter(Boolean).join(' / ');
}

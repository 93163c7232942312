import type { ExpertConversation, Language } from '@prsp/contracts';

type Named = Pick<ExpertConversation, 'categoryName' | 'subcategoryName'>;

/** 'Category / Subcategory' in the reader's language (Finnish when a translation is missing); '' for a direct one. */
export function categoryLabel(conversation: Named, lang: Language): string {
  const names = [conversation.categoryName, conversation.subcategoryName].map((n) => (n ? n[lang] || n.fi : ''));
  return names.filter(Boolean).join(' / ');
}

/** Newest message first, as the lists show them (the server's order, kept when refetches arrive). */
export function newestFirst<T extends { lastMessageDate: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => Date.parse(b.lastMessageDate) - Date.parse(a.lastMessageDate));
}

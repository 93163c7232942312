import { useMemo } from 'react';
import { quickReplyText, type Language, type QuickReply } from '@prsp/contracts';
import type { ComposerQuickReply } from '@/features/chat/quick-reply-assist';
import { useComposerQuickReplies } from '@/features/staff/quick-replies-api';
import { currentLanguage, useTranslation } from '@/lib/i18n';

/**
 * The replies as one chat's composer offers them, each with its text in the chat's language when it has one, else
 * the expert's screen language, else any (contracts' quickReplyText); a reply with no text at all is left out.
 */
export function composerReplies(replies: readonly QuickReply[], chatLanguage: Language | null, uiLanguage: Language): ComposerQuickReply[] {
  return replies.flatMap((r) => {
    const text = quickReplyText(r.texts, chatLanguage, uiLanguage);
    return text ? [{ id: r.id, shortcut: r.shortcut, title: r.title, text, scope: r.scope }] : [];
  });
}

/** The organisation's and the expert's own quick replies for a chat whose patient writes in `chatLanguage`. */
export function useChatQuickReplies(chatLanguage: Language | null): ComposerQuickReply[] | undefined {
  const replies = useComposerQuickReplies();
  // useTranslation renders again when the expert changes the screen language.
  useTranslation();
  const ui = currentLanguage();
  return useMemo(() => (replies.data ? composerReplies(replies.data, chatLanguage, ui) : undefined), [replies.data, chatLanguage, ui]);
}

import { z } from 'zod/mini';
import { ZSentMessages, type SentMessages } from '@prsp/contracts';
import { api, apiForm } from '@/lib/api-client';

/** Which app's messaging endpoints a component talks to (spec §7 `{app}/async-messaging`). */
export type MessagingApp = 'patient' | 'expert';

/** `/api/{app}/async-messaging`: the base path every messaging call of that app starts with. */
export function messagingBase(app: MessagingApp): string {
  return `/api/${app}/async-messaging`;
}

const seg = (value: string) => encodeURIComponent(value);

/** Spec §7: an attachment is opened in a new tab from `GET {base}/{messageId}/attachment`. */
export function attachmentUrl(basePath: string, messageId: string): string {
  return `${basePath}/${seg(messageId)}/attachment`;
}

/** Where a thread is read: a request conversation through its subcategory, a direct one by its id (spec §7). */
export function threadUrl(basePath: string, ref: { id: string; subcategoryId?: string | null }): string {
  return ref.subcategoryId
    ? `${basePath}/subcategories/${seg(ref.subcategoryId)}/messages/${seg(ref.id)}`
    : `${basePath}/conversations/${seg(ref.id)}/messages`;
}

/** What a composer hands over: the text (already cleaned) and the chosen files. */
export type MessageDraft = { text: string; files: File[] };

/**
 * Spec §3 'Send payload': multipart form data, empty values omitted, files as repeated `attachments[]` parts.
 * Text fields go first so a reader that streams the body meets them before the files.
 */
export function messageFormData(fields: Record<string, string | undefined>, files: readonly File[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== '') form.append(name, value);
  for (const file of files) form.append('attachments[]', file, file.name);
  return form;
}

/** `POST {base}/conversations/{id}/send-message` (multipart): a reply with text, files or both. */
export function sendConversationMessage(basePath: string, conversationId: string, draft: MessageDraft): Promise<SentMessages> {
  return apiForm(
    `${basePath}/conversations/${seg(conversationId)}/send-message`,
    ZSentMessages,
    messageFormData({ text: draft.text }, draft.files),
  );
}

/** `POST {base}/conversations/{id}/mark-as-read`. */
export function markConversationRead(basePath: string, conversationId: string): Promise<null> {
  return api(`${basePath}/conversations/${seg(conversationId)}/mark-as-read`, z.null(), { method: 'POST' });
}

import {
  MESSAGE_ATTACHMENT_EXTENSIONS,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_TEXT_MAX,
  stripHtmlTags,
} from '@prsp/contracts';

/** Spec §5 'New message': HTML tags are removed and the ends trimmed before a text is sent (the server does it too). */
export function cleanMessageText(text: string): string {
  return stripHtmlTags(text).trim();
}

/** Spec §9: at most 2000 characters (the textarea stops there; this catches a paste that still gets past). */
export function textTooLong(text: string): boolean {
  return text.length > MESSAGE_TEXT_MAX;
}

/** Spec §5: a reply can be sent with text, attachments or both, never with neither, nor while one is sending. */
export function canSendReply(draft: { text: string; files: readonly unknown[]; pending: boolean }): boolean {
  if (draft.pending || textTooLong(draft.text)) return false;
  return cleanMessageText(draft.text).length > 0 || draft.files.length > 0;
}

/** Why a file cannot be attached; checked before sending (the server checks again, by its bytes). */
export type AttachmentProblem = 'type' | 'size' | 'empty';

/** Spec §9: attachments .pdf, .jpg, .jpeg, .png, each at most 10 MB; null when the file may go. */
export function attachmentProblem(file: { name: string; size: number }): AttachmentProblem | null {
  const name = file.name.toLowerCase();
  if (!MESSAGE_ATTACHMENT_EXTENSIONS.some((ext) => name.endsWith(`.${ext}`))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > MESSAGE_ATTACHMENT_MAX_BYTES) return 'size';
  return null;
}

/** The file picker's filter: the extensions and their types. */
export const ATTACHMENT_ACCEPT = [
  ...MESSAGE_ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`),
  'application/pdf',
  'image/jpeg',
  'image/png',
].join(',');

export type AttachmentRejection = { name: string; problem: AttachmentProblem | 'count' };

/**
 * Adds newly chosen files to those already chosen: each is checked, a file already in the list (same name and
 * size) is not added twice, and none beyond MESSAGE_ATTACHMENTS_MAX. Returns the new list and what was refused.
 */
export function addAttachments<F extends { name: string; size: number }>(
  current: readonly F[],
  chosen: readonly F[],
): { files: F[]; rejected: AttachmentRejection[] } {
  const files = [...current];
  const rejected: AttachmentRejection[] = [];
  for (const file of chosen) {
    const problem = attachmentProblem(file);
    if (problem) rejected.push({ name: file.name, problem });
    else if (files.some((f) => f.name === file.name && f.size === file.size)) continue;
    else if (files.length >= MESSAGE_ATTACHMENTS_MAX) rejected.push({ name: file.name, problem: 'count' });
    else files.push(file);
  }
  return { files, rejected };
}

export const ATTACHMENT_MAX_MB = MESSAGE_ATTACHMENT_MAX_BYTES / (1024 * 1024);

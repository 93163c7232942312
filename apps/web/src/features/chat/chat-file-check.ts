import { CHAT_LIMITS } from '@prsp/contracts';

/** Why a file cannot be attached, checked before it is sent (the server checks again, by its bytes). */
export type ChatFileProblem = 'type' | 'size' | 'empty';

/** Spec §9: attachments .pdf, .jpg, .jpeg, .png up to 10 MB; null when the file may go. */
export function chatFileProblem(file: { name: string; size: number }): ChatFileProblem | null {
  const name = file.name.toLowerCase();
  if (!CHAT_LIMITS.fileExtensions.some((ext) => name.endsWith(ext))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > CHAT_LIMITS.fileBytesMax) return 'size';
  return null;
}

/** The file picker's filter: the extensions and their types. */
export const CHAT_FILE_ACCEPT = [...CHAT_LIMITS.fileExtensions, ...CHAT_LIMITS.fileTypes].join(',');

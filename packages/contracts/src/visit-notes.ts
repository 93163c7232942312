import { z } from 'zod/mini';
import { zMultilineText } from './text';

/** The most an expert's note of a visit may hold (issue 33): a long note, far from a document. */
export const VISIT_NOTE_MAX = 10_000;

/**
 * `GET /api/expert/chat/channels/{id}/note`: the caller's own private note of a visit (chat or video), empty when
 * they have written none. Only its writer reads it; it is never in any answer to a patient or a guest.
 */
export const ZVisitNote = z.object({ text: z.string(), updatedAt: z.nullable(z.number()) });
export type VisitNote = z.infer<typeof ZVisitNote>;

/** `PUT /api/expert/chat/channels/{id}/note`: the whole note; an empty (or blank) one deletes it. */
export const ZVisitNoteRequest = z.object({ text: zMultilineText().check(z.maxLength(VISIT_NOTE_MAX, 'tooLong')) });
export type VisitNoteRequest = z.infer<typeof ZVisitNoteRequest>;

/**
 * `GET /api/expert/chat/channels/{id}/summary.pdf` and `summary.txt`: `identityCode=full` prints the patient's whole
 * identity code (a read of its own in the audit log), else it is masked as the desk shows it; `lang` (`fi`, `se` or
 * `sv`, `en`) the summary's language, by default the expert's.
 */
export const ZVisitSummaryQuery = z.object({
  identityCode: z.optional(z.enum(['full', 'masked'])),
  lang: z.optional(z.enum(['fi', 'se', 'sv', 'en'])),
});
export type VisitSummaryQuery = z.infer<typeof ZVisitSummaryQuery>;

import { z } from 'zod/mini';
import { zText } from './text';

/**
 * Why starting to act on someone's behalf did not happen, as `/landing?onBehalfError=`:
 * the person cancelled at the mandate service, had no mandate (or the organisation does not allow acting),
 * or something else failed (a stale or forged flow, the mandate service unreachable).
 */
export const ON_BEHALF_ERRORS = ['cancelled', 'notAllowed', 'failed'] as const;
export type OnBehalfError = (typeof ON_BEHALF_ERRORS)[number];

const param = () => z.optional(zText().check(z.maxLength(1024)));

/** Query of `GET /api/on-behalf/callback`: the mandate service's OAuth 2.0 redirect (RFC 6749 §4.1.2). */
export const ZOnBehalfCallbackQuery = z.object({
  code: param(),
  state: param(),
  error: param(),
  error_description: param(),
});
export type OnBehalfCallbackQuery = z.infer<typeof ZOnBehalfCallbackQuery>;

/** Query of `GET /api/on-behalf/set` (browser navigation): the language of the mandate service's pages. */
export const ZOnBehalfSetQuery = z.object({ lang: z.optional(zText().check(z.maxLength(5))) });

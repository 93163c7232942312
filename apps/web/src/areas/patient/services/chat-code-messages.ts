import { ApiError } from '@/lib/api-client';

/** `validFrom`: when a code that is not open yet opens (the answer's `retryAt`), for the text to say so. */
export type ChatCodeMessage = { key: string; tone: 'warning' | 'error'; validFrom?: string };

/**
 * Spec §8 chat code keys: 101 not authenticated, 201 not valid, 202 cannot be opened at this time, 203 expired,
 * 204 already used, 500 and 501 (and a network failure) a processing error. 202 is ERR_CHAT_CODE_NV_Y ('not
 * valid yet'), the one shown as a warning: the code is right, only early.
 */
export function chatCodeMessage(err: unknown): ChatCodeMessage {
  const code = err instanceof ApiError ? err.statusCode : 500;
  switch (code) {
    case 101:
      return { key: 'chatCode.errors.notAuthenticated', tone: 'error' };
    case 201:
      return { key: 'chatCode.errors.notValid', tone: 'error' };
    case 202: {
      const validFrom = err instanceof ApiError ? err.retryAt : undefined;
      return validFrom
        ? { key: 'chatCode.errors.notOpenYetValidFrom', tone: 'warning', validFrom }
        : { key: 'chatCode.errors.notOpenYet', tone: 'warning' };
    }
    case 203:
      return { key: 'chatCode.errors.expired', tone: 'error' };
    case 204:
      return { key: 'chatCode.errors.used', tone: 'error' };
    default:
      return { key: 'chatCode.errors.processing', tone: 'error' };
  }
}

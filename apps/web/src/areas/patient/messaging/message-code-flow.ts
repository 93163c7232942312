import type { MessageCodeTarget } from '@prsp/contracts';
import { ApiError } from '@/lib/api-client';

/**
 * A refused code's message (spec §8 message-code keys); 202 is a warning: the code is right, only early, and
 * `validFrom` (the answer's `retryAt`) says when it opens, as chat codes do.
 */
export type CodeMessage = { key: string; tone: 'warning' | 'error'; validFrom?: string };

/** Spec §8: 201 not valid, 202 cannot be opened at this time, 203 expired, 204 already used, else (500, 501) processing. */
export function messageCodeMessage(err: unknown): CodeMessage {
  const status = err instanceof ApiError ? err.statusCode : 500;
  switch (status) {
    case 201:
      return { key: 'messages.code.errors.notValid', tone: 'error' };
    case 202: {
      const validFrom = err instanceof ApiError ? err.retryAt : undefined;
      return validFrom
        ? { key: 'messages.code.errors.notOpenYetValidFrom', tone: 'warning', validFrom }
        : { key: 'messages.code.errors.notOpenYet', tone: 'warning' };
    }
    case 203:
      return { key: 'messages.code.errors.expired', tone: 'error' };
    case 204:
      return { key: 'messages.code.errors.used', tone: 'error' };
    default:
      return { key: 'messages.code.errors.processing', tone: 'error' };
  }
}

/**
 * The message-code part of the new-message flow (spec §4): the code is validated first; a valid one is 'added'
 * (it fills the category and subcategory, read-only) but not used: only a successful send uses it, and a failed
 * send keeps it added for another try. After the send the flow starts over without a code.
 */
export type CodeFlow =
  | { step: 'entering'; message: CodeMessage | null }
  | { step: 'validating'; code: string }
  | { step: 'added'; target: MessageCodeTarget }
  | { step: 'used'; code: string };

export type CodeEvent =
  | { type: 'submit'; code: string }
  | { type: 'valid'; target: MessageCodeTarget }
  | { type: 'invalid'; error: unknown }
  | { type: 'edit' }
  | { type: 'sent' };

export const CODE_FLOW_START: CodeFlow = { step: 'entering', message: null };

export function codeFlow(state: CodeFlow, event: CodeEvent): CodeFlow {
  switch (event.type) {
    case 'submit': {
      const code = event.code.trim();
      if (state.step !== 'entering' || !code) return state;
      return { step: 'validating', code };
    }
    case 'valid':
      return state.step === 'validating' ? { step: 'added', target: event.target } : state;
    case 'invalid':
      return state.step === 'validating' ? { step: 'entering', message: messageCodeMessage(event.error) } : state;
    case 'edit':
      // Typing again clears the last refusal.
      return state.step === 'entering' && state.message ? CODE_FLOW_START : state;
    case 'sent':
      return state.step === 'added' ? { step: 'used', code: state.target.code } : state;
  }
}

/** Spec §5 'Message code': the submit is disabled while the code is empty or being checked. */
export function canSubmitCode(state: CodeFlow, input: string): boolean {
  return state.step === 'entering' && input.trim().length > 0;
}

import { describe, expect, it } from 'vitest';
import type { MessageCodeTarget } from '@prsp/contracts';
import { ApiError } from '@/lib/api-client';
import { canSubmitCode, CODE_FLOW_START, codeFlow, messageCodeMessage, type CodeEvent, type CodeFlow } from './message-code-flow';

const names = { fi: 'N', se: 'N', en: 'N' };
const target: MessageCodeTarget = {
  code: 'ABC123',
  category: { id: '00000000-0000-4000-8000-000000000001', name: names, openAccess: false, isDisabled: false },
  subcategory: {
    id: '00000000-0000-4000-8000-000000000002',
    categoryId: '00000000-0000-4000-8000-000000000001',
    name: names,
    openAccess: false,
    isDisabled: false,
    addedExperts: [],
  },
};
const refused = (status: number) => new ApiError(status, 'errors.x', 'x');
const run = (events: CodeEvent[], from: CodeFlow = CODE_FLOW_START) => events.reduce(codeFlow, from);

describe('message code messages (spec §8)', () => {
  it('name each refusal, with 202 as a warning that says from when the code is valid when the answer tells', () => {
    expect(messageCodeMessage(refused(201))).toEqual({ key: 'messages.code.errors.notValid', tone: 'error' });
    expect(messageCodeMessage(refused(202))).toEqual({ key: 'messages.code.errors.notOpenYet', tone: 'warning' });
    const early = new ApiError(202, 'errors.codeNotOpenYet', 'x', undefined, '2099-01-01T10:00:00.000Z');
    expect(messageCodeMessage(early)).toEqual({
      key: 'messages.code.errors.notOpenYetValidFrom',
      tone: 'warning',
      validFrom: '2099-01-01T10:00:00.000Z',
    });
    expect(messageCodeMessage(refused(203)).key).toBe('messages.code.errors.expired');
    expect(messageCodeMessage(refused(204)).key).toBe('messages.code.errors.used');
    for (const err of [refused(500), refused(501), new Error('network')])
      expect(messageCodeMessage(err).key).toBe('messages.code.errors.processing');
  });
});

describe('message code flow (spec §4: validated first, used only after a successful send)', () => {
  it('validates a trimmed code, then adds it without using it', () => {
    const validating = run([{ type: 'submit', code: '  ABC123 ' }]);
    expect(validating).toEqual({ step: 'validating', code: 'ABC123' });
    expect(run([{ type: 'valid', target }], validating)).toEqual({ step: 'added', target });
  });

  it('uses the code only when the send succeeded', () => {
    const added: CodeFlow = { step: 'added', target };
    expect(run([{ type: 'edit' }], added)).toEqual(added);
    expect(run([{ type: 'sent' }], added)).toEqual({ step: 'used', code: 'ABC123' });
    // Nothing to use without an added code.
    expect(run([{ type: 'sent' }])).toEqual(CODE_FLOW_START);
  });

  it('shows a refusal until the code is edited', () => {
    const refusedState = run([
      { type: 'submit', code: 'X' },
      { type: 'invalid', error: refused(203) },
    ]);
    expect(refusedState).toEqual({ step: 'entering', message: { key: 'messages.code.errors.expired', tone: 'error' } });
    expect(run([{ type: 'edit' }], refusedState)).toEqual(CODE_FLOW_START);
  });

  it('ignores an empty submit, a second submit while checking, and late answers', () => {
    expect(run([{ type: 'submit', code: '   ' }])).toEqual(CODE_FLOW_START);
    const validating = run([{ type: 'submit', code: 'A' }]);
    expect(run([{ type: 'submit', code: 'B' }], validating)).toEqual(validating);
    expect(run([{ type: 'valid', target }])).toEqual(CODE_FLOW_START);
    expect(run([{ type: 'invalid', error: refused(201) }], { step: 'added', target })).toEqual({ step: 'added', target });
  });

  it('disables the submit while the code is empty or being checked (spec §5)', () => {
    expect(canSubmitCode(CODE_FLOW_START, '')).toBe(false);
    expect(canSubmitCode(CODE_FLOW_START, '  ')).toBe(false);
    expect(canSubmitCode(CODE_FLOW_START, 'A')).toBe(true);
    expect(canSubmitCode({ step: 'validating', code: 'A' }, 'A')).toBe(false);
  });
});

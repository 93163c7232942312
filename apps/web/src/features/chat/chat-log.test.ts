import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@prsp/contracts';
import {
  acknowledge,
  addPending,
  EMPTY_LOG,
  lastSeqOf,
  markFailed,
  mergeMessages,
  othersReadSeq,
  receive,
  retryPending,
  toResend,
} from './chat-log';

const msg = (seq: number, id = `m${seq}`, userId = 'u1'): ChatMessage => ({
  id,
  channelId: 'c1',
  seq,
  userId,
  userName: 'Anna',
  role: 'patient',
  kind: 'text',
  text: `text ${seq}`,
  file: null,
  sentAt: 1_000 + seq,
});

describe('mergeMessages', () => {
  it('keeps each seq once, in seq order, whichever way and order they came', () => {
    const held = [msg(1), msg(3)];
    const merged = mergeMessages(held, [msg(4), msg(2), msg(3), msg(2)]);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(held.map((m) => m.seq)).toEqual([1, 3]);
  });

  it('answers the same array when nothing is new, so an unchanged snapshot stays equal', () => {
    const held = [msg(1), msg(2)];
    expect(mergeMessages(held, [msg(2), msg(1)])).toBe(held);
    expect(mergeMessages(held, [])).toBe(held);
  });

  it('starts the next fetch after the highest seq held', () => {
    expect(lastSeqOf([])).toBe(0);
    expect(lastSeqOf(mergeMessages([], [msg(7), msg(5)]))).toBe(7);
  });
});

describe('pending messages', () => {
  const sent = { id: 'a1', text: 'hei', createdAt: 1 };

  it('show at once as sending and are resent until acknowledged', () => {
    const log = addPending(EMPTY_LOG, sent);
    expect(log.pending).toEqual([{ ...sent, state: 'sending' }]);
    expect(toResend(log).map((p) => p.id)).toEqual(['a1']);
    // Sending the same id twice (a double click, a resend) keeps one.
    expect(addPending(log, sent)).toBe(log);
  });

  it('end when the acknowledgement brings the stored message, even if the server named it otherwise', () => {
    const log = acknowledge(addPending(EMPTY_LOG, sent), 'a1', msg(1, 'server-id'));
    expect(log.pending).toEqual([]);
    expect(log.messages.map((m) => m.seq)).toEqual([1]);
    expect(toResend(log)).toEqual([]);
  });

  it('end when the stored message arrives first by socket or HTTP, and a late acknowledgement changes nothing', () => {
    const log = receive(addPending(EMPTY_LOG, sent), [msg(1, 'a1')]);
    expect(log.pending).toEqual([]);
    const again = acknowledge(log, 'a1', msg(1, 'a1'));
    expect(again.messages).toHaveLength(1);
  });

  it('survive a reconnect that brings other messages: only the unacknowledged are resent', () => {
    let log = addPending(addPending(EMPTY_LOG, sent), { id: 'a2', text: 'toinen', createdAt: 2 });
    log = receive(log, [msg(1, 'x'), msg(2, 'a1')]);
    expect(toResend(log).map((p) => p.id)).toEqual(['a2']);
  });

  it('refused ones stay on screen as failed, are not resent by a reconnect, and go back to sending on retry', () => {
    const failed = markFailed(addPending(EMPTY_LOG, sent), 'a1');
    expect(failed.pending[0]!.state).toBe('failed');
    expect(toResend(failed)).toEqual([]);
    expect(markFailed(failed, 'a1')).toBe(failed);
    const retried = retryPending(failed, 'a1');
    expect(toResend(retried).map((p) => p.id)).toEqual(['a1']);
    expect(retryPending(retried, 'a1')).toBe(retried);
  });
});

describe('othersReadSeq', () => {
  const members = [
    { userId: 'me', readSeq: 9 },
    { userId: 'nurse', readSeq: 2 },
    { userId: 'guest', readSeq: 4 },
  ];

  it('is the furthest another member has read, from the channel or a newer socket mark', () => {
    expect(othersReadSeq(members, 'me', {})).toBe(4);
    expect(othersReadSeq(members, 'me', { nurse: 6 })).toBe(6);
    // The reader's own marks never count.
    expect(othersReadSeq(members, 'me', { me: 20 })).toBe(4);
    expect(othersReadSeq([{ userId: 'me', readSeq: 3 }], 'me', {})).toBe(0);
  });
});

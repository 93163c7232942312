import { describe, expect, it } from 'vitest';
import { MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_ATTACHMENTS_MAX, MESSAGE_TEXT_MAX } from '@prsp/contracts';
import { addAttachments, attachmentProblem, ATTACHMENT_ACCEPT, canSendReply, cleanMessageText, textTooLong } from './message-rules';

const file = (name: string, size = 100) => ({ name, size });

describe('message text', () => {
  it('loses its HTML tags and its ends are trimmed (spec §5)', () => {
    expect(cleanMessageText('  <b>Hello</b> <script>x</script>there<br/> ')).toBe('Hello xthere');
    expect(cleanMessageText('<p></p>')).toBe('');
    expect(cleanMessageText('2 < 3 and 5 > 4')).toBe('2 < 3 and 5 > 4');
  });

  it('may be 2000 characters, not more (spec §9)', () => {
    expect(textTooLong('a'.repeat(MESSAGE_TEXT_MAX))).toBe(false);
    expect(textTooLong('a'.repeat(MESSAGE_TEXT_MAX + 1))).toBe(true);
  });
});

describe('reply send (spec §5: disabled with no text and no attachments)', () => {
  it('needs text or an attachment', () => {
    expect(canSendReply({ text: '', files: [], pending: false })).toBe(false);
    expect(canSendReply({ text: '   ', files: [], pending: false })).toBe(false);
    expect(canSendReply({ text: '<i></i>', files: [], pending: false })).toBe(false);
    expect(canSendReply({ text: 'Hi', files: [], pending: false })).toBe(true);
    expect(canSendReply({ text: '', files: [file('a.pdf')], pending: false })).toBe(true);
  });

  it('is off while sending and for a text over the limit', () => {
    expect(canSendReply({ text: 'Hi', files: [], pending: true })).toBe(false);
    expect(canSendReply({ text: 'a'.repeat(MESSAGE_TEXT_MAX + 1), files: [], pending: false })).toBe(false);
  });
});

describe('attachments (spec §9: pdf, jpg, jpeg, png up to 10 MB)', () => {
  it('takes the four types in any case, and refuses others', () => {
    for (const name of ['a.pdf', 'b.JPG', 'c.jpeg', 'd.Png']) expect(attachmentProblem(file(name))).toBeNull();
    expect(attachmentProblem(file('a.gif'))).toBe('type');
    expect(attachmentProblem(file('pdf'))).toBe('type');
    expect(attachmentProblem(file('a.pdf.exe'))).toBe('type');
  });

  it('refuses an empty file and one over 10 MB', () => {
    expect(attachmentProblem(file('a.pdf', 0))).toBe('empty');
    expect(attachmentProblem(file('a.pdf', MESSAGE_ATTACHMENT_MAX_BYTES))).toBeNull();
    expect(attachmentProblem(file('a.pdf', MESSAGE_ATTACHMENT_MAX_BYTES + 1))).toBe('size');
  });

  it('adds good files, once each, up to the most one send takes', () => {
    const first = addAttachments([], [file('a.pdf'), file('b.gif'), file('a.pdf')]);
    expect(first.files.map((f) => f.name)).toEqual(['a.pdf']);
    expect(first.rejected).toEqual([{ name: 'b.gif', problem: 'type' }]);
    const many = Array.from({ length: MESSAGE_ATTACHMENTS_MAX + 1 }, (_, i) => file(`f${i}.png`));
    const full = addAttachments(first.files, many);
    expect(full.files).toHaveLength(MESSAGE_ATTACHMENTS_MAX);
    expect(full.rejected.filter((r) => r.problem === 'count')).toHaveLength(2);
  });

  it('offers the same types in the file picker', () => {
    expect(ATTACHMENT_ACCEPT.split(',')).toEqual(expect.arrayContaining(['.pdf', '.jpg', '.jpeg', '.png', 'application/pdf']));
  });
});

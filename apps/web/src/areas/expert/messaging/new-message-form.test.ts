import { describe, expect, test } from 'vitest';
import { MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_TEXT_MAX } from '@prsp/contracts';
import { EMPTY_NEW_MESSAGE, newMessageErrors, newMessageFields, newMessageForm, type NewMessageValues } from './new-message-form';

const valid: NewMessageValues = {
  ssn: '131052-308T',
  name: 'Maija Meikäläinen',
  email: 'maija@example.fi',
  mobile: '+358 40 123 4567',
  smsNotification: false,
  subject: 'Laboratory results',
  text: 'Your results are ready.',
  attachment: null,
};
const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('the expert new-message form (spec §5 Expert new message)', () => {
  test('a complete form passes', () => {
    expect(newMessageErrors(valid)).toEqual({});
  });

  test('an empty form names every required field', () => {
    expect(newMessageErrors(EMPTY_NEW_MESSAGE)).toEqual({
      ssn: 'required',
      name: 'required',
      email: 'required',
      mobile: 'required',
      subject: 'required',
      text: 'messageRequired',
    });
  });

  test('the identity code must pass its checksum (the server answers 105 too); case and spaces do not matter', () => {
    expect(newMessageErrors({ ...valid, ssn: '131052-308A' }).ssn).toBe('invalidSsn');
    expect(newMessageErrors({ ...valid, ssn: 'not a code' }).ssn).toBe('invalidSsn');
    expect(newMessageErrors({ ...valid, ssn: ' 131052-308t ' }).ssn).toBeUndefined();
    expect(newMessageFields({ ...valid, ssn: ' 131052-308t ' }).ssn).toBe('131052-308T');
  });

  test('the e-mail and the mobile number are checked by the contract', () => {
    expect(newMessageErrors({ ...valid, email: 'maija@' }).email).toBe('email');
    expect(newMessageErrors({ ...valid, mobile: '040-abc' }).mobile).toBe('mobile');
  });

  test('the message is at most 2000 characters, and HTML tags alone are no message', () => {
    expect(newMessageErrors({ ...valid, text: 'x'.repeat(MESSAGE_TEXT_MAX) }).text).toBeUndefined();
    expect(newMessageErrors({ ...valid, text: 'x'.repeat(MESSAGE_TEXT_MAX + 1) }).text).toBe('tooLong');
    expect(newMessageErrors({ ...valid, text: '<b></b>' }).text).toBe('messageRequired');
    expect(newMessageFields({ ...valid, text: '<b>Hello</b> there ' }).text).toBe('Hello there');
  });

  test('the attachment is a .pdf, .jpg, .jpeg or .png of at most 10 MB', () => {
    for (const name of ['a.pdf', 'b.JPG', 'c.jpeg', 'd.png'])
      expect(newMessageErrors({ ...valid, attachment: file(name, 10) })).toEqual({});
    expect(newMessageErrors({ ...valid, attachment: file('a.exe', 10) }).attachment).toBe('attachmentType');
    expect(newMessageErrors({ ...valid, attachment: file('a.pdf', 0) }).attachment).toBe('emptyFile');
    expect(newMessageErrors({ ...valid, attachment: file('a.pdf', MESSAGE_ATTACHMENT_MAX_BYTES + 1) }).attachment).toBe(
      'attachmentTooLarge',
    );
  });

  test('the multipart body carries the fields, the SMS flag only when chosen, and the file as attachments[]', () => {
    const without = newMessageForm(valid);
    expect(without.get('smsNotification')).toBeNull();
    expect(without.getAll('attachments[]')).toHaveLength(0);
    const form = newMessageForm({ ...valid, smsNotification: true, attachment: file('results.pdf', 5) });
    expect(form.get('smsNotification')).toBe('true');
    expect(form.get('ssn')).toBe('131052-308T');
    expect(form.get('subject')).toBe('Laboratory results');
    expect((form.get('attachments[]') as File).name).toBe('results.pdf');
  });
});

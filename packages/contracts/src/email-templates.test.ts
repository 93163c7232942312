import { describe, expect, test } from 'vitest';
import { EMAIL_KINDS, EMAIL_TEMPLATE_KINDS, EMAIL_TEMPLATE_LIMITS, emailTemplateTags, ZEmailTemplateInput } from './email-templates';
import { LANGUAGES } from './languages';

const TAG = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

describe('built-in e-mail kinds', () => {
  test('the product sends registration, password reset and the booking e-mails', () => {
    expect(EMAIL_TEMPLATE_KINDS).toEqual([
      'registration',
      'passwordReset',
      'bookingConfirmation',
      'expertBookingConfirmation',
      'bookingUpdated',
      'bookingCancellation',
      'guestCancellation',
      'bookingReminder',
      'guestInvitation',
      'messageReceived',
      'surveyReminder',
      'surveyForwarded',
      'bookingsChanged',
    ]);
    expect(emailTemplateTags('registration')).toEqual(['firstName', 'lastName', 'organisationName', 'link', 'validFor']);
    expect(emailTemplateTags('passwordReset')).toEqual(['firstName', 'lastName', 'organisationName', 'link', 'validFor']);
    const appointment = [
      'firstName',
      'lastName',
      'organisationName',
      'date',
      'time',
      'endTime',
      'duration',
      'expertName',
      'serviceName',
      'appointmentKind',
      'deviceCheck',
      'link',
    ];
    for (const kind of ['bookingConfirmation', 'bookingUpdated', 'bookingCancellation', 'bookingReminder'] as const)
      expect(EMAIL_KINDS[kind].requiredTags).toEqual(['date', 'time']);
    expect(emailTemplateTags('bookingConfirmation')).toEqual(appointment);
    expect(emailTemplateTags('bookingReminder')).toEqual(appointment);
    // A change says the time before it; a cancellation why; the expert's confirmation who booked.
    expect(emailTemplateTags('bookingUpdated')).toEqual([...appointment, 'previousDate', 'previousTime']);
    expect(emailTemplateTags('bookingCancellation')).toEqual([...appointment, 'cancelReason']);
    expect(emailTemplateTags('expertBookingConfirmation')).toEqual([...appointment, 'patientName']);
    expect(EMAIL_KINDS.expertBookingConfirmation.requiredTags).toEqual(['date', 'time', 'patientName']);
    // A guest cannot book: their cancellation has no link to the service.
    expect(emailTemplateTags('guestCancellation')).toEqual([...appointment.filter((tag) => tag !== 'link'), 'cancelReason']);
    expect(emailTemplateTags('guestInvitation')).toEqual([...emailTemplateTags('bookingConfirmation'), 'email', 'pin']);
    expect(EMAIL_KINDS.guestInvitation.requiredTags).toEqual(['date', 'time', 'link', 'pin']);
    expect(emailTemplateTags('messageReceived')).toEqual(['firstName', 'lastName', 'organisationName', 'link']);
    expect(EMAIL_KINDS.messageReceived.requiredTags).toEqual(['link']);
    for (const kind of ['surveyReminder', 'surveyForwarded'] as const) {
      expect(emailTemplateTags(kind)).toEqual(['firstName', 'lastName', 'organisationName', 'link']);
      expect(EMAIL_KINDS[kind].requiredTags).toEqual(['link']);
    }
  });

  for (const kind of EMAIL_TEMPLATE_KINDS) {
    for (const language of LANGUAGES) {
      test(`${kind} in ${language}: uses only its own tags, includes the link and its required tags, and passes the editor's validation`, () => {
        const text = EMAIL_KINDS[kind].defaults[language];
        const used = [...`${text.title}\n${text.content}`.matchAll(TAG)].map((m) => m[1]);
        expect(used.filter((t) => !emailTemplateTags(kind).includes(t!))).toEqual([]);
        if (emailTemplateTags(kind).includes('link')) expect(used).toContain('link');
        for (const required of EMAIL_KINDS[kind].requiredTags) expect(used).toContain(required);
        const parsed = ZEmailTemplateInput.safeParse({
          kind,
          language,
          senderName: 'PRSP',
          senderAddress: 'no-reply@prsp.example',
          ...text,
        });
        expect(parsed.success).toBe(true);
        expect(text.content.length).toBeLessThanOrEqual(EMAIL_TEMPLATE_LIMITS.content);
      });
    }
  }

  test('the links are valid 24 hours and 30 minutes (spec §9)', () => {
    expect(EMAIL_KINDS.registration.defaults.en.values.validFor).toBe('24 hours');
    expect(EMAIL_KINDS.passwordReset.defaults.en.values.validFor).toBe('30 minutes');
    expect(EMAIL_KINDS.registration.defaults.fi.values.validFor).toBe('24 tuntia');
    expect(EMAIL_KINDS.passwordReset.defaults.se.values.validFor).toBe('30 minuter');
  });
});

describe('ZEmailTemplateInput', () => {
  const valid = {
    kind: 'registration',
    language: 'fi',
    senderName: 'Espoo',
    senderAddress: 'noreply@espoo.example',
    title: 'T',
    content: 'C {{link}}',
  };
  const fail = (patch: Record<string, unknown>) => {
    const r = ZEmailTemplateInput.safeParse({ ...valid, ...patch });
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  test('accepts a complete template and trims it', () => {
    expect(ZEmailTemplateInput.parse({ ...valid, title: '  T  ' }).title).toBe('T');
  });
  test('refuses empty fields, a bad sender address, unknown kinds and languages, and too long text', () => {
    expect(fail({ title: '   ' })).toEqual(['title:required']);
    expect(fail({ content: '' })).toEqual(['content:required']);
    expect(fail({ senderAddress: 'not-an-address' })).toEqual(['senderAddress:email']);
    expect(fail({ kind: 'noSuchKind' })).toHaveLength(1);
    expect(fail({ language: 'de' })).toHaveLength(1);
    expect(fail({ title: 'x'.repeat(EMAIL_TEMPLATE_LIMITS.title + 1) })).toEqual(['title:tooLong']);
    expect(fail({ content: 'x'.repeat(EMAIL_TEMPLATE_LIMITS.content + 1) })).toEqual(['content:tooLong']);
  });
  test('a subject or sender name cannot hold a line break', () => {
    expect(fail({ title: 'a\nBcc: x@example.com' })).toEqual(['title:controlCharacters']);
    expect(fail({ senderName: 'a\r\nb' })).toEqual(['senderName:controlCharacters']);
  });
});

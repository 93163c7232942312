import { expect, test } from 'vitest';
import { retryDelayMs } from '../jobs/backoff';
import { MAIL_MAX_ATTEMPTS } from './outbox';
import { automaticHeaders, calendarAlternatives, describeSmtpError, MAIL_DELIVERY } from './outbox-delivery';

test('retries back off exponentially from 30 seconds, and eight attempts are made in all', () => {
  const waits = Array.from({ length: MAIL_MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1, MAIL_DELIVERY.backoff) / 1000);
  expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920]);
  expect(MAIL_MAX_ATTEMPTS).toBe(8);
});

test('the lease outlasts the longest send, so no other runner takes a mail in hand', () => {
  // connection 10 s + greeting 10 s + idle socket up to 60 s (smtp-transport.ts)
  expect(MAIL_DELIVERY.leaseMs).toBeGreaterThan(80_000);
});

test('a stored SMTP error keeps the code and reason but never an address', () => {
  const err = Object.assign(
    new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <aino.virtanen@example.fi>: user unknown"),
    {
      code: 'EENVELOPE',
      responseCode: 550,
    },
  );
  const text = describeSmtpError(err);
  expect(text).toBe("EENVELOPE 550: Can't send mail - all recipients were rejected: 550 5.1.1 <<address>>: user unknown");
  expect(text).not.toContain('aino');
  expect(describeSmtpError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ESOCKET' }))).toBe(
    'ESOCKET: connect ECONNREFUSED 127.0.0.1:9',
  );
  expect(describeSmtpError('x'.repeat(2000))).toHaveLength(500);
});

test('every e-mail says it is automatic (RFC 3834) and names its outbox row', () => {
  expect(automaticHeaders('o-1')).toEqual({ 'Auto-Submitted': 'auto-generated', 'X-PRSP-Outbox-Id': 'o-1' });
});

test('an invitation attachment also goes as the inline calendar part; other files do not', () => {
  const invite = { filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', contentBase64: 'QkVHSU4=' };
  const published = { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8', contentBase64: 'QkVHSU4=' };
  const pdf = { filename: 'a.pdf', contentType: 'application/pdf', contentBase64: 'JVBERg==' };
  expect(calendarAlternatives([pdf, invite, published])).toEqual([
    { contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: 'QkVHSU4=', encoding: 'base64' },
  ]);
  expect(calendarAlternatives([])).toEqual([]);
});

test('an e-mail with several invitations inlines none of them: each stays an attachment of its own', () => {
  // A calendar program applies one inline part (the last); the other appointments' cancellations and updates would be
  // missed without a word. As attachments, each opens and is applied on its own (the bulk e-mail, bookingsChanged).
  const cancel = { filename: 'cancel-1.ics', contentType: 'text/calendar; charset=utf-8; method=CANCEL', contentBase64: 'QQ==' };
  const update = { filename: 'update-2.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', contentBase64: 'Qg==' };
  expect(calendarAlternatives([cancel, update])).toEqual([]);
  expect(calendarAlternatives([cancel])).toEqual([{ contentType: cancel.contentType, content: 'QQ==', encoding: 'base64' }]);
});

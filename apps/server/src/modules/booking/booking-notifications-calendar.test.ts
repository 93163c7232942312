import { describe, expect, test } from 'vitest';
import { buildInvitation, invitationAttachment, invitationUid, type InvitationInput } from './booking-notifications-calendar';
import { splitName } from './booking-notifications-data';
import { appointmentTags, formatDuration } from './booking-notifications-format';
import { parseIcs } from './booking-notifications.steps';
import { patientCalendarFile } from './patient-calendar';
import { deviceCheckLine, deviceCheckLink } from './appointment-kind-texts';

const base: InvitationInput = {
  method: 'REQUEST',
  appointmentId: '2f1d7c6e-2a53-4d6b-9d1e-6f0c2b8a9e11',
  sequence: 12,
  // 16 March 2026 10:00–10:30 in Helsinki (UTC+2).
  start: new Date('2026-03-16T08:00:00Z'),
  end: new Date('2026-03-16T08:30:00Z'),
  stamp: new Date('2026-03-01T12:00:00Z'),
  summary: 'Lääkärin vastaanotto – Espoon etävastaanotto',
  description: 'Etävastaanotto, asiantuntija Anna Asiantuntija. Kirjaudu palveluun: https://prsp.example/',
  url: 'https://prsp.example/',
  organizer: { name: 'Espoon etävastaanotto', email: 'no-reply@prsp.example' },
  attendee: { name: 'Maija Meikäläinen', email: 'maija@example.fi' },
};

describe('the iCalendar invitation', () => {
  test('METHOD:REQUEST with the stable UID, SEQUENCE, UTC start and end, summary, organiser and the one attendee', () => {
    const ics = parseIcs(buildInvitation(base));
    expect(ics.calendar.METHOD).toEqual([{ params: {}, value: 'REQUEST' }]);
    expect(ics.calendar.VERSION?.[0]?.value).toBe('2.0');
    expect(ics.events).toHaveLength(1);
    const e = ics.events[0]!;
    expect(e.UID?.[0]?.value).toBe('2f1d7c6e-2a53-4d6b-9d1e-6f0c2b8a9e11@prsp');
    expect(e.SEQUENCE?.[0]?.value).toBe('12');
    expect(e.DTSTART?.[0]).toEqual({ params: {}, value: '20260316T080000Z' });
    expect(e.DTEND?.[0]).toEqual({ params: {}, value: '20260316T083000Z' });
    expect(e.DTSTAMP?.[0]?.value).toBe('20260301T120000Z');
    expect(e.STATUS?.[0]?.value).toBe('CONFIRMED');
    expect(e.SUMMARY?.[0]?.value).toBe('Lääkärin vastaanotto – Espoon etävastaanotto');
    expect(e.ORGANIZER?.[0]).toEqual({ params: { CN: '"Espoon etävastaanotto"' }, value: 'mailto:no-reply@prsp.example' });
    expect(e.ATTENDEE).toHaveLength(1);
    expect(e.ATTENDEE?.[0]?.value).toBe('MAILTO:maija@example.fi');
    expect(e.ATTENDEE?.[0]?.params).toMatchObject({ RSVP: 'FALSE', PARTSTAT: 'ACCEPTED', CN: '"Maija Meikäläinen"' });
    // No TZID anywhere: every time is UTC, so no VTIMEZONE is needed.
    expect(buildInvitation(base)).not.toContain('TZID');
  });

  test('METHOD:CANCEL keeps the UID, carries the higher SEQUENCE and STATUS:CANCELLED', () => {
    const ics = parseIcs(buildInvitation({ ...base, method: 'CANCEL', sequence: 13 }));
    expect(ics.calendar.METHOD?.[0]?.value).toBe('CANCEL');
    const e = ics.events[0]!;
    expect(e.UID?.[0]?.value).toBe(invitationUid(base.appointmentId));
    expect(e.SEQUENCE?.[0]?.value).toBe('13');
    expect(e.STATUS?.[0]?.value).toBe('CANCELLED');
    expect(e.DTSTART?.[0]?.value).toBe('20260316T080000Z');
  });

  test('the start is the same instant whatever the time zone of the process (summer time, too)', () => {
    // 1 July 2026 10:00 in Helsinki is 07:00 UTC (UTC+3).
    const summer = parseIcs(buildInvitation({ ...base, start: new Date('2026-07-01T07:00:00Z'), end: new Date('2026-07-01T07:45:00Z') }));
    expect(summer.events[0]!.DTSTART?.[0]?.value).toBe('20260701T070000Z');
    expect(summer.events[0]!.DTEND?.[0]?.value).toBe('20260701T074500Z');
  });

  test('lines are CRLF-terminated and folded at 75 octets, and text is escaped', () => {
    const raw = buildInvitation({ ...base, summary: 'a, b; c\\d', description: 'x'.repeat(200) });
    expect(raw.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const e = parseIcs(raw).events[0]!;
    expect(e.SUMMARY?.[0]?.value).toBe('a\\, b\\; c\\\\d');
    expect(e.DESCRIPTION?.[0]?.value).toBe('x'.repeat(200));
  });

  test('the attachment is text/calendar with its method, base64 of the invitation', () => {
    const a = invitationAttachment({ ...base, method: 'CANCEL' });
    expect(a.filename).toBe('cancel.ics');
    expect(a.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(parseIcs(Buffer.from(a.contentBase64, 'base64').toString('utf8')).calendar.METHOD?.[0]?.value).toBe('CANCEL');
    expect(invitationAttachment(base).filename).toBe('invite.ics');
  });
});

describe('the appointment as e-mails tell it', () => {
  const a = { startsAt: new Date('2026-03-16T08:00:00Z'), endsAt: new Date('2026-03-16T08:30:00Z') };
  test('in Helsinki time, in each language', () => {
    expect(appointmentTags(a, 'fi')).toEqual({ date: 'maanantaina 16.3.2026', time: '10.00', endTime: '10.30', duration: '30 min' });
    expect(appointmentTags(a, 'se')).toEqual({ date: 'måndag 16.3.2026', time: '10.00', endTime: '10.30', duration: '30 min' });
    expect(appointmentTags(a, 'en')).toEqual({ date: 'Monday 16 March 2026', time: '10:00', endTime: '10:30', duration: '30 min' });
  });
  test('across the autumn change (25 Oct 2026, 04:00 → 03:00) the local times are right', () => {
    const b = { startsAt: new Date('2026-10-25T00:30:00Z'), endsAt: new Date('2026-10-25T01:30:00Z') };
    expect(appointmentTags(b, 'fi')).toMatchObject({ time: '03.30', endTime: '03.30', duration: '1 h' });
  });
  test('durations and names', () => {
    expect(formatDuration(new Date(0), new Date(90 * 60_000))).toBe('1 h 30 min');
    expect(formatDuration(new Date(0), new Date(120 * 60_000))).toBe('2 h');
    expect(splitName('  Anna  Maria Virtanen ')).toEqual({ firstName: 'Anna', lastName: 'Maria Virtanen' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});

describe("the patient's own calendar file and the device check (issue 29)", () => {
  const input = {
    appointmentId: base.appointmentId,
    sequence: 4,
    start: base.start,
    end: base.end,
    stamp: base.stamp,
    serviceName: 'Lääkärin vastaanotto',
    organisationName: 'Espoon etävastaanotto',
    expertName: 'Anna Asiantuntija',
    link: 'https://prsp.example/',
    deviceCheckLink: deviceCheckLink('https://prsp.example/', 'patient', base.appointmentId, 'fi'),
    language: 'fi' as const,
  };
  const text = (v: string | undefined) => v?.replace(/\\([,;\\])/g, '$1');

  test('a video appointment: the summary says video, the description the kind and the device check', () => {
    const e = parseIcs(patientCalendarFile({ ...input, kind: 'video' })).events[0]!;
    expect(text(e.SUMMARY?.[0]?.value)).toBe('Lääkärin vastaanotto (video) – Espoon etävastaanotto');
    expect(text(e.DESCRIPTION?.[0]?.value)).toMatch(
      /^Etävastaanotto \(video\)\. .*Testaa laitteesi etukäteen: https:\/\/prsp\.example\/device-check$/,
    );
  });

  test("its UID and SEQUENCE are the appointment's latest invitation's, so neither replaces the other wrongly", () => {
    const e = parseIcs(patientCalendarFile({ ...input, kind: 'chat' })).events[0]!;
    expect(e.UID?.[0]?.value).toBe(invitationUid(base.appointmentId));
    expect(e.SEQUENCE?.[0]?.value).toBe('4');
  });

  test('a chat in Swedish: chatt, and no device check', () => {
    const e = parseIcs(patientCalendarFile({ ...input, language: 'se', kind: 'chat' })).events[0]!;
    expect(text(e.SUMMARY?.[0]?.value)).toBe('Lääkärin vastaanotto (chatt) – Espoon etävastaanotto');
    expect(text(e.DESCRIPTION?.[0]?.value)).not.toContain('device-check');
  });

  test('where each recipient checks their devices, and the line only for video', () => {
    expect(deviceCheckLink('https://prsp.example/', 'expert', 'a1', 'en')).toBe('https://prsp.example/expert/device-check');
    expect(deviceCheckLink('https://prsp.example', 'guest', 'a1', 'se')).toBe('https://prsp.example/guest/a1?lang=se');
    expect(deviceCheckLine('groupVideo', 'L', 'en')).toBe('Test your device beforehand: L');
    expect(deviceCheckLine('group', 'L', 'en')).toBe('');
  });
});

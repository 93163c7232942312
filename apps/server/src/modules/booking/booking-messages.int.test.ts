import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatInstant, localDateAt, type AppointmentDetail, type AppointmentRow, type Page } from '@prsp/contracts';
import { staffUsers } from '../../db/schema';
import { emailsTo, postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestBrowser } from '../../test/http-client';
import { AINO, SARA } from '../../test/person-codes';
import type { TestApp } from '../../test/test-app';
import { chatExpert, ownQueue } from '../chat/chat.steps';
import { minutesFromNow } from './booking.steps';

/**
 * What the booking e-mails say (issue 28, minor: booking messages), through the admin's calls: the service's name
 * (never the expert's in its place), the expert's own confirmation naming the patient, the change stating the old and
 * the new time, the canceller's reason, and a guest's cancellation that offers no new time.
 */
let t: TestApp;
let espoo: string;
let admin: TestBrowser;
let queueId: string;

beforeAll(async () => {
  ({ t, espoo } = await startStaffTestApp());
  admin = await staffBrowser(t, { organisation: espoo });
  ({ queueId } = await ownQueue(t, espoo));
});
afterAll(() => t?.close());

async function data<T>(res: Promise<Response>): Promise<T> {
  const r = await res;
  const body = await r.json();
  expect({ http: r.status, status: body.status }, JSON.stringify(body)).toEqual({ http: 200, status: 'ok' });
  return body.data as T;
}

const k = () => randomBytes(4).toString('hex');
const DAY = 24 * 60;
const at = (days: number) => {
  const d = minutesFromNow(days * DAY);
  return { date: localDateAt(d), startTime: '10:00' };
};

async function mails(to: string) {
  return (await emailsTo(t, to)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

describe('booking e-mails', () => {
  test('confirmation: the patient’s names the service plainly (no service: not the expert’s name); the expert’s own names who booked', async () => {
    const expert = await chatExpert(t, espoo, queueId, { firstName: 'Eeva', lastName: 'Lääkäri' });
    const patientEmail = `aino-${k()}@test.example`;
    const created = await data<AppointmentDetail>(
      postJson(admin, '/api/admin/bookings/create', {
        kind: 'oneOnOne',
        expertId: expert.expertId,
        ...at(5),
        durationMinutes: 30,
        sendConfirmation: true,
        patient: { ssn: AINO, firstName: 'Aino', lastName: 'Virtanen', email: patientEmail, language: 'fi', nationality: 'FI' },
      }),
    );
    const [toPatient] = await mails(patientEmail);
    expect(toPatient!.text).toContain('Palvelu: Etävastaanotto');
    expect(toPatient!.text).not.toContain('Palvelu: Eeva Lääkäri');

    const [{ email: expertEmail }] = (await t.database.db
      .select({ email: staffUsers.email })
      .from(staffUsers)
      .where(eq(staffUsers.id, expert.userId))) as [{ email: string }];
    const [toExpert] = await mails(expertEmail);
    expect(toExpert!.subject).toMatch(/^Uusi ajanvaraus .*: Aino Virtanen – /);
    expect(toExpert!.text).toContain('Potilas: Aino Virtanen');
    expect(toExpert!.text).not.toContain('peru aika');
    expect(toExpert!.text).toContain(`${t.baseUrl}/expert`);

    // Moved: the change states the old time and the new one.
    const before = new Date(created.startTime);
    const moved = await data<AppointmentDetail>(
      postJson(admin, `/api/admin/bookings/${created.id}/update`, {
        kind: 'oneOnOne',
        expertId: expert.expertId,
        date: at(6).date,
        startTime: '13:30',
        durationMinutes: 30,
        sendConfirmation: true,
        patient: { ssn: AINO, firstName: 'Aino', lastName: 'Virtanen', email: patientEmail, language: 'fi', nationality: 'FI' },
      }),
    );
    const change = (await mails(patientEmail)).find((m) => m.subject.startsWith('Ajanvaraus muuttunut'))!;
    expect(change.text).toContain(`Aiempi aika: ${formatInstant(before, 'fi', 'long')} klo ${formatInstant(before, 'fi', 'time')}`);
    expect(change.text).toContain(`Uusi aika: ${formatInstant(new Date(moved.startTime), 'fi', 'long')} klo 13.30`);
  });

  test('cancellation: the reason the admin typed is in every e-mail and in the list; the guest is not told to book a new time', async () => {
    const expert = await chatExpert(t, espoo, queueId, { firstName: 'Olli', lastName: 'Ohjaaja' });
    const patientEmail = `sara-${k()}@test.example`;
    const guestEmail = `vieras-${k()}@test.example`;
    const created = await data<AppointmentDetail>(
      postJson(admin, '/api/admin/bookings/create', {
        kind: 'group',
        expertId: expert.expertId,
        hostExpertId: expert.expertId,
        ...at(7),
        durationMinutes: 45,
        sendConfirmation: false,
        patients: [{ ssn: SARA, firstName: 'Sara', lastName: 'Lindholm', email: patientEmail, language: 'fi', nationality: 'FI' }],
        guests: [{ name: 'Ville Vieras', email: guestEmail, language: 'fi' }],
      }),
    );
    const reason = 'Ohjaaja on sairaana';
    const cancelled = await data<AppointmentDetail>(postJson(admin, `/api/admin/bookings/${created.id}/cancel`, { reason }));
    expect(cancelled.cancelReason).toBe(reason);
    const list = await data<Page<AppointmentRow>>(admin.fetch(`/api/admin/bookings/list?from=${at(7).date}&pageSize=200`));
    expect(list.items.find((r) => r.id === created.id)?.cancelReason).toBe(reason);

    const toPatient = (await mails(patientEmail)).find((m) => m.subject.startsWith('Ajanvaraus peruttu'))!;
    expect(toPatient.text).toContain(`Peruutuksen syy: ${reason}`);
    expect(toPatient.text).toContain('Voit varata uuden ajan');
    const toGuest = (await mails(guestEmail)).find((m) => m.subject.startsWith('Vastaanotto peruttu'))!;
    expect(toGuest.text).toContain(`Peruutuksen syy: ${reason}`);
    expect(toGuest.text).not.toMatch(/varata uuden ajan/i);
    expect(toGuest.text).not.toContain(`${t.baseUrl}/guest/`);
  });

  test('a cancellation without a reason says none was given', async () => {
    const expert = await chatExpert(t, espoo, queueId);
    const patientEmail = `aino-${k()}@test.example`;
    const created = await data<AppointmentDetail>(
      postJson(admin, '/api/admin/bookings/create', {
        kind: 'oneOnOne',
        expertId: expert.expertId,
        ...at(8),
        durationMinutes: 30,
        sendConfirmation: false,
        patient: { ssn: AINO, firstName: 'Aino', lastName: 'Virtanen', email: patientEmail, language: 'en', nationality: 'FI' },
      }),
    );
    await data(postJson(admin, `/api/admin/bookings/${created.id}/cancel`));
    const [mail] = await mails(patientEmail);
    expect(mail!.text).toContain('Reason: not given');
  });
});

import { and, eq, gt, inArray, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { localDateAt, NO_RIGHTS, PRESET_RIGHTS, type AppointmentDetail, type BulkPreview, type BulkResult } from '@prsp/contracts';
import { appointments, auditLog, bookingHolds, outboxEmails } from '../../db/schema';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import type { Emit } from '../../platform/events/event-hub';
import { AINO, ELIAS, SARA } from '../../test/person-codes';
import type { TestBrowser } from '../../test/http-client';
import { postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { parseIcs } from './booking-notifications.steps';
import { bookingExpert, daysAheadAt, onboardedPatientSessions, openSlots } from './booking.steps';
import { applyBulk } from './bookings-bulk.service';

let t: TestApp;
let espoo: string;
let kaarina: string;
let admin: TestBrowser;
beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  admin = await staffBrowser(t, { preset: 'booker' });
});
afterAll(() => t.close());

async function data<T>(res: Promise<Response>): Promise<T> {
  const r = await res;
  const body = await r.json();
  expect({ http: r.status, status: body.status, body: r.status === 200 ? null : body }).toMatchObject({ http: 200, status: 'ok' });
  return body.data as T;
}
async function refused(res: Promise<Response>, http: number, statusCode: number) {
  const r = await res;
  const body = await r.json();
  expect({ http: r.status, statusCode: body.statusCode }).toEqual({ http, statusCode });
  return body as { fields?: { field: string; messageKey: string }[] };
}

const NAMES: Record<string, [string, string]> = {
  [AINO]: ['Aino', 'Virtanen'],
  [SARA]: ['Sara', 'Lindholm'],
  [ELIAS]: ['Elias', 'Nieminen'],
};
let mailbox = 0;
/** Each test's patients get addresses of their own, so the outbox counts are the test's. */
const patient = (ssn: string, tag: string) => {
  const [firstName, lastName] = NAMES[ssn]!;
  return { ssn, firstName, lastName, email: `${firstName.toLowerCase()}-${tag}@test.example`, language: 'fi', nationality: 'FI' };
};
const timeOf = (d: Date) => d.toLocaleTimeString('en-GB', { timeZone: 'Europe/Helsinki', hour: '2-digit', minute: '2-digit' });

/** Books a one-to-one through the admin route, without the confirmation e-mail (the outbox then holds only the bulk's). */
async function book(expertId: string, at: Date, p: ReturnType<typeof patient>, browser = admin): Promise<string> {
  const body = {
    kind: 'oneOnOne',
    expertId,
    date: localDateAt(at),
    startTime: timeOf(at),
    durationMinutes: 30,
    sendConfirmation: false,
    patient: p,
  };
  return (await data<AppointmentDetail>(postJson(browser, '/api/admin/bookings/create', body))).id;
}

const preview = (body: unknown, browser = admin) => postJson(browser, '/api/admin/bookings/bulk/preview', body);
const apply = (body: unknown, browser = admin) => postJson(browser, '/api/admin/bookings/bulk/apply', body);
const mails = (to: string[]) =>
  t.database.db
    .select({ to: outboxEmails.toAddress, subject: outboxEmails.subject, text: outboxEmails.text, attachments: outboxEmails.attachments })
    .from(outboxEmails)
    .where(inArray(outboxEmails.toAddress, to));
const lastAuditId = async () => (await t.database.db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;
const auditsSince = (since: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(gt(auditLog.id, since), eq(auditLog.action, action)));
const rowsOf = (ids: string[]) => t.database.db.select().from(appointments).where(inArray(appointments.id, ids));
const icsOf = (a: { contentBase64: string }) => parseIcs(Buffer.from(a.contentBase64, 'base64').toString('utf8'));

describe('bulk actions on bookings (issue 33 point 2)', () => {
  test("a nurse's day cancelled in bulk: one e-mail per person with the message, a patient's two bookings in one", async () => {
    const tag = `c${++mailbox}`;
    const nurse = await bookingExpert(t, espoo, 'nurse');
    const other = await bookingExpert(t, espoo, 'nurse');
    const [aino, sara] = [patient(AINO, tag), patient(SARA, tag)];
    const ids = [
      await book(nurse.id, daysAheadAt(6, 9), aino),
      await book(nurse.id, daysAheadAt(6, 10), sara),
      await book(nurse.id, daysAheadAt(6, 11), aino),
    ];
    const untouched = await book(other.id, daysAheadAt(6, 9), patient(ELIAS, tag));
    const day = localDateAt(daysAheadAt(6, 9));
    const message = 'Hoitaja on sairastunut. Varaa uusi aika palvelusta.';
    const request = { selection: { by: 'range', expertId: nurse.id, from: day, to: day }, action: { kind: 'cancel', message } };

    const shown = await data<BulkPreview>(preview(request));
    expect(shown.items.map((i) => [i.id, i.outcome, i.patientName])).toEqual([
      [ids[0], 'cancel', 'Aino Virtanen'],
      [ids[1], 'cancel', 'Sara Lindholm'],
      [ids[2], 'cancel', 'Aino Virtanen'],
    ]);
    expect(shown.counts).toEqual({ delete: 0, cancel: 3, move: 0, skip: 0 });
    expect(shown.recipients).toBe(3);
    // The preview changes nothing.
    expect((await rowsOf(ids)).map((r) => r.status)).toEqual(['booked', 'booked', 'booked']);

    const since = await lastAuditId();
    const done = await data<BulkResult>(apply({ ...request, fingerprint: shown.fingerprint }));
    expect(done).toEqual({ counts: { delete: 0, cancel: 3, move: 0, skip: 0 }, emails: 3 });
    const rows = await rowsOf([...ids, untouched]);
    for (const r of rows.filter((x) => ids.includes(x.id)))
      expect(r).toMatchObject({ status: 'cancelled', cancelledBy: 'admin', cancelReason: message });
    expect(rows.find((r) => r.id === untouched)!.status).toBe('booked');

    const sent = await mails([aino.email, sara.email, nurse.email, patient(ELIAS, tag).email]);
    expect(sent.map((m) => m.to).sort()).toEqual([aino.email, nurse.email, sara.email].sort());
    const toAino = sent.find((m) => m.to === aino.email)!;
    expect(toAino.subject).toContain('Ajanvarauksiisi on tehty muutoksia');
    expect(toAino.text).toContain(message);
    expect(toAino.text.match(/Peruttu:/g)).toHaveLength(2);
    expect(toAino.attachments).toHaveLength(2);
    for (const a of toAino.attachments!) {
      const ics = icsOf(a);
      expect(ics.calendar.METHOD?.[0]?.value).toBe('CANCEL');
      expect(Number(ics.events[0]!.SEQUENCE?.[0]?.value)).toBeGreaterThan(0);
    }
    expect(new Set(toAino.attachments!.map((a) => icsOf(a).events[0]!.UID?.[0]?.value))).toEqual(
      new Set([`${ids[0]}@prsp`, `${ids[2]}@prsp`]),
    );
    expect(sent.find((m) => m.to === sara.email)!.attachments).toHaveLength(1);
    expect(sent.find((m) => m.to === nurse.email)!.attachments).toHaveLength(3);

    const audits = await auditsSince(since, 'appointment.cancel');
    expect(audits.map((a) => a.objectId).sort()).toEqual([...ids].sort());
    for (const a of audits) expect(a.details).toMatchObject({ bulk: 'cancel', items: 3 });

    // The same apply again: what the range finds has changed (nothing left to cancel), so it is refused.
    const again = await refused(apply({ ...request, fingerprint: shown.fingerprint }), 409, 1332);
    expect(again).toMatchObject({ errorKey: 'errors.bulkSelectionChanged' });
  });

  test('open times deleted in bulk; one added after the preview answers 409 and nothing is deleted; a held one is left', async () => {
    const nurse = await bookingExpert(t, espoo, 'nurse');
    const starts = [daysAheadAt(7, 9), daysAheadAt(7, 9, 30), daysAheadAt(7, 10)];
    const slots = await openSlots(t, espoo, nurse.id, starts);
    const day = localDateAt(starts[0]!);
    const request = { selection: { by: 'range', expertId: nurse.id, from: day, to: day }, action: { kind: 'deleteOpenTimes' } };
    const first = await data<BulkPreview>(preview(request));
    expect(first.counts).toEqual({ delete: 3, cancel: 0, move: 0, skip: 0 });
    expect(first.recipients).toBe(0);

    const [added] = await openSlots(t, espoo, nurse.id, [daysAheadAt(7, 11)]);
    await refused(apply({ ...request, fingerprint: first.fingerprint }), 409, 1332);
    expect(await rowsOf([...slots, added!])).toHaveLength(4);

    // A patient is booking one of them right now: it is left, with the reason.
    const [holder] = await onboardedPatientSessions(t, espoo, 1);
    await t.database.db
      .insert(bookingHolds)
      .values({ appointmentId: slots[1]!, patientId: holder!.id, expiresAt: new Date(Date.now() + 600_000) });
    const second = await data<BulkPreview>(preview(request));
    expect(second.items.find((i) => i.id === slots[1])).toMatchObject({ outcome: 'skip', reason: 'heldByPatient' });
    const since = await lastAuditId();
    const done = await data<BulkResult>(apply({ ...request, fingerprint: second.fingerprint }));
    expect(done).toEqual({ counts: { delete: 3, cancel: 0, move: 0, skip: 1 }, emails: 0 });
    expect((await rowsOf([...slots, added!])).map((r) => r.id)).toEqual([slots[1]]);
    const audits = await auditsSince(since, 'appointment.delete');
    expect(audits.map((a) => a.objectId).sort()).toEqual([slots[0], slots[2], added].sort());
    for (const a of audits) expect(a.details).toMatchObject({ bulk: 'deleteOpenTimes' });
  });

  test("moved to another expert's open times: same start first, else the nearest that day; the unmovable cancelled", async () => {
    const tag = `m${++mailbox}`;
    const nurse = await bookingExpert(t, espoo, 'nurse');
    const cover = await bookingExpert(t, espoo, 'nurse');
    const [aino, sara, elias] = [patient(AINO, tag), patient(SARA, tag), patient(ELIAS, tag)];
    const ids = [
      await book(nurse.id, daysAheadAt(8, 9), aino),
      await book(nurse.id, daysAheadAt(8, 10), sara),
      await book(nurse.id, daysAheadAt(8, 13), elias),
    ];
    const [at9, at1030] = await openSlots(t, espoo, cover.id, [daysAheadAt(8, 9), daysAheadAt(8, 10, 30)]);
    const day = localDateAt(daysAheadAt(8, 9));
    const selection = { by: 'range', expertId: nurse.id, from: day, to: day };
    const leave = await data<BulkPreview>(preview({ selection, action: { kind: 'move', toExpertId: cover.id, unmovable: 'leave' } }));
    expect(leave.items.map((i) => [i.outcome, i.reason, i.target?.timeslotId ?? null])).toEqual([
      ['move', null, at9],
      ['move', null, at1030],
      ['skip', 'noFreeTime', null],
    ]);
    expect(leave.items[0]!.target).toMatchObject({ expertName: 'Ritva Varaaja', startTime: daysAheadAt(8, 9).getTime() });

    const message = 'Hoitajasi on estynyt, sinut on siirretty toiselle hoitajalle.';
    const request = { selection, action: { kind: 'move', toExpertId: cover.id, unmovable: 'cancel', message } };
    const shown = await data<BulkPreview>(preview(request));
    expect(shown.counts).toEqual({ delete: 0, cancel: 1, move: 2, skip: 0 });
    expect(shown.items[2]).toMatchObject({ outcome: 'cancel', reason: 'noFreeTime' });
    const since = await lastAuditId();
    const done = await data<BulkResult>(apply({ ...request, fingerprint: shown.fingerprint }));
    expect(done.emails).toBe(5);

    const rows = await rowsOf([...ids, at9!, at1030!]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ids[0]!)).toMatchObject({ status: 'booked', expertId: cover.id, startsAt: daysAheadAt(8, 9) });
    expect(byId.get(ids[1]!)).toMatchObject({ status: 'booked', expertId: cover.id, startsAt: daysAheadAt(8, 10, 30) });
    expect(byId.get(ids[2]!)).toMatchObject({ status: 'cancelled', cancelReason: message });
    // The open times were taken; the old times do not reopen for the nurse who is away.
    expect(byId.has(at9!) || byId.has(at1030!)).toBe(false);
    const nurseOpen = await t.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.expertId, nurse.id), eq(appointments.status, 'open')));
    expect(nurseOpen).toEqual([]);

    const sent = await mails([aino.email, sara.email, elias.email, nurse.email, cover.email]);
    expect(sent.map((m) => m.to).sort()).toEqual([aino.email, cover.email, elias.email, nurse.email, sara.email].sort());
    const toSara = sent.find((m) => m.to === sara.email)!;
    expect(toSara.text).toContain('Siirretty:');
    expect(toSara.text).toContain(message);
    const saraIcs = icsOf(toSara.attachments![0]!);
    expect(saraIcs.calendar.METHOD?.[0]?.value).toBe('REQUEST');
    expect(saraIcs.events[0]!.DTSTART?.[0]?.value).toBe(
      daysAheadAt(8, 10, 30)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, ''),
    );
    expect(sent.find((m) => m.to === elias.email)!.text).toContain('Peruttu:');
    expect(sent.find((m) => m.to === cover.email)!.attachments).toHaveLength(2);
    const toNurse = sent.find((m) => m.to === nurse.email)!;
    expect(toNurse.attachments!.map((a) => icsOf(a).calendar.METHOD?.[0]?.value)).toEqual(['CANCEL', 'CANCEL', 'CANCEL']);

    expect((await auditsSince(since, 'appointment.move')).map((a) => [a.objectId, (a.details as { bulk: string }).bulk])).toEqual([
      [ids[0], 'move'],
      [ids[1], 'move'],
    ]);
    expect((await auditsSince(since, 'appointment.cancel')).map((a) => a.details)).toEqual([
      expect.objectContaining({ bulk: 'move', reason: 'noFreeTime' }),
    ]);
  });

  test('explicit ids: open times and settled visits are left out with a reason; nothing moves to its own expert', async () => {
    const tag = `s${++mailbox}`;
    const nurse = await bookingExpert(t, espoo, 'nurse');
    const future = await book(nurse.id, daysAheadAt(9, 9), patient(AINO, tag));
    const [open] = await openSlots(t, espoo, nurse.id, [daysAheadAt(9, 12)]);
    const [past] = await openSlots(t, espoo, nurse.id, [new Date(Date.now() - 3 * 3600_000)]);
    await t.database.db.update(appointments).set({ status: 'booked' }).where(eq(appointments.id, past!));
    const shown = await data<BulkPreview>(
      preview({ selection: { by: 'ids', ids: [future, open, past] }, action: { kind: 'cancel', message: 'Peruttu' } }),
    );
    expect(Object.fromEntries(shown.items.map((i) => [i.id, [i.outcome, i.reason]]))).toEqual({
      [future]: ['cancel', null],
      [open!]: ['skip', 'notReserved'],
      [past!]: ['skip', 'settled'],
    });
    const same = await data<BulkPreview>(
      preview({ selection: { by: 'ids', ids: [future] }, action: { kind: 'move', toExpertId: nurse.id, unmovable: 'cancel' } }),
    );
    expect(same.items[0]).toMatchObject({ outcome: 'skip', reason: 'sameExpert' });
  });

  test("rights and organisations: view-only refused, another organisation's ids 404, its expert a field error", async () => {
    const nurse = await bookingExpert(t, espoo, 'nurse');
    const [mine] = await openSlots(t, espoo, nurse.id, [daysAheadAt(10, 9)]);
    const theirExpert = await bookingExpert(t, kaarina, 'nurse');
    const [theirs] = await openSlots(t, kaarina, theirExpert.id, [daysAheadAt(10, 9)]);
    const viewer = await staffBrowser(t, { preset: 'custom', rights: { ...NO_RIGHTS, bookings: { view: true, edit: false } } });
    const body = { selection: { by: 'ids', ids: [mine] }, action: { kind: 'deleteOpenTimes' } };
    await refused(preview(body, viewer), 403, 403);
    await refused(apply({ ...body, fingerprint: 'x' }, viewer), 403, 403);

    const foreign = { selection: { by: 'ids', ids: [mine, theirs] }, action: { kind: 'deleteOpenTimes' } };
    await refused(preview(foreign), 404, 404);
    await refused(apply({ ...foreign, fingerprint: 'x' }), 404, 404);
    expect(await rowsOf([mine!, theirs!])).toHaveLength(2);

    const move = { selection: { by: 'ids', ids: [mine] }, action: { kind: 'move', toExpertId: theirExpert.id, unmovable: 'leave' } };
    const bad = await refused(preview(move), 400, 400);
    expect(bad.fields?.map((f) => f.field)).toEqual(['action.toExpertId']);
    const tooLong = await refused(
      preview({
        selection: { by: 'range', from: localDateAt(daysAheadAt(1, 9)), to: localDateAt(daysAheadAt(40, 9)) },
        action: { kind: 'deleteOpenTimes' },
      }),
      400,
      400,
    );
    expect(tooLong.fields?.map((f) => f.field)).toEqual(['selection.to']);
    await refused(preview({ selection: { by: 'ids', ids: [] }, action: { kind: 'cancel', message: '' } }), 400, 400);
    expect(PRESET_RIGHTS.booker.bookings.edit).toBe(true);
  });

  test('two applies of one preview at once: one carries it out, the other answers 409; each person gets one e-mail', async () => {
    const tag = `x${++mailbox}`;
    const nurse = await bookingExpert(t, espoo, 'nurse');
    const [aino, sara] = [patient(AINO, tag), patient(SARA, tag)];
    await book(nurse.id, daysAheadAt(12, 9), aino);
    await book(nurse.id, daysAheadAt(12, 10), sara);
    const day = localDateAt(daysAheadAt(12, 9));
    const request = { selection: { by: 'range', expertId: nurse.id, from: day, to: day }, action: { kind: 'cancel', message: 'Peruttu' } };
    const shown = await data<BulkPreview>(preview(request));
    const other = await staffBrowser(t, { preset: 'booker' });
    const answers = await Promise.all([
      apply({ ...request, fingerprint: shown.fingerprint }),
      apply({ ...request, fingerprint: shown.fingerprint }, other),
    ]);
    const bodies = await Promise.all(
      answers.map(async (r) => ({ http: r.status, statusCode: ((await r.json()) as { statusCode: number }).statusCode })),
    );
    expect(bodies.map((b) => b.statusCode).sort((a, b) => a - b)).toEqual([200, 1332]);
    expect(bodies.find((b) => b.statusCode === 1332)!.http).toBe(409);
    const sent = await mails([aino.email, sara.email, nurse.email]);
    expect(sent.map((m) => m.to).sort()).toEqual([aino.email, nurse.email, sara.email].sort());
  });

  test("a group appointment: not moved (it is cancelled with the unmovable); its guest gets one e-mail in the guest's language", async () => {
    const tag = `g${++mailbox}`;
    const nurse = await bookingExpert(t, espoo, 'nurse');
    const cover = await bookingExpert(t, espoo, 'nurse');
    const guest = `vieras-${tag}@test.example`;
    const at = daysAheadAt(13, 9);
    const group = await data<AppointmentDetail>(
      postJson(admin, '/api/admin/bookings/create', {
        kind: 'group',
        expertId: nurse.id,
        hostExpertId: nurse.id,
        date: localDateAt(at),
        startTime: timeOf(at),
        durationMinutes: 60,
        sendConfirmation: false,
        patients: [patient(AINO, tag)],
        guests: [{ name: 'Guest Friend', email: guest, language: 'en' }],
      }),
    );
    await openSlots(t, espoo, cover.id, [at]);
    const request = {
      selection: { by: 'ids', ids: [group.id] },
      action: { kind: 'move', toExpertId: cover.id, unmovable: 'cancel', message: 'Ryhmä peruttu' },
    };
    const shown = await data<BulkPreview>(preview(request));
    expect(shown.items[0]).toMatchObject({ kind: 'group', outcome: 'cancel', reason: 'group', target: null });
    expect(await data<BulkResult>(apply({ ...request, fingerprint: shown.fingerprint }))).toMatchObject({ counts: { cancel: 1 } });
    const toGuest = (await mails([guest])).filter((m) => m.subject.startsWith('Changes to your appointments'));
    expect(toGuest).toHaveLength(1);
    expect(toGuest[0]!.text).toContain('Cancelled:');
    expect(toGuest[0]!.text).toContain('Ryhmä peruttu');
    expect(toGuest[0]!.text).toContain(`/guest/${group.id}?lang=en`);
  });

  test('a failure halfway rolls everything back: no row changed, no e-mail queued, no audit row', async () => {
    const tag = `r${++mailbox}`;
    const nurse = await bookingExpert(t, espoo, 'nurse');
    const [aino, sara] = [patient(AINO, tag), patient(SARA, tag)];
    const ids = [await book(nurse.id, daysAheadAt(11, 9), aino), await book(nurse.id, daysAheadAt(11, 10), sara)];
    const day = localDateAt(daysAheadAt(11, 9));
    const request = {
      selection: { by: 'range' as const, expertId: nurse.id, from: day, to: day },
      action: { kind: 'cancel' as const, message: 'Peruttu' },
    };
    const shown = await data<BulkPreview>(preview(request));
    let cancelled = 0;
    // The second cancellation's event fails, after the first row was changed, audited and its event told.
    const failing: Emit = async (_tx, event) => {
      if (event === 'booking.cancelled' && ++cancelled === 2) throw new Error('event store down');
    };
    const deps = {
      db: t.database.db,
      cipher: createFieldCipher(t.config.dataKey),
      emit: failing,
      publicUrl: t.config.publicUrl,
      sender: t.config.mail.sender,
    };
    const actor = {
      staff: { userId: (await staffAdminId()) ?? '', isGlobalAdmin: false, organisationId: espoo, rights: PRESET_RIGHTS.booker },
      ip: '127.0.0.1',
    };
    const since = await lastAuditId();
    await expect(applyBulk(deps, actor, { ...request, fingerprint: shown.fingerprint })).rejects.toThrow('event store down');
    expect(cancelled).toBe(2);
    expect((await rowsOf(ids)).map((r) => r.status)).toEqual(['booked', 'booked']);
    expect(await mails([aino.email, sara.email, nurse.email])).toEqual([]);
    expect(await auditsSince(since, 'appointment.cancel')).toEqual([]);
    // The same plan still applies once the failure is gone.
    expect((await data<BulkResult>(apply({ ...request, fingerprint: shown.fingerprint }))).counts.cancel).toBe(2);
  });
});

/** Any staff user's id, for an actor built by hand (the audit names it). */
async function staffAdminId(): Promise<string | undefined> {
  const [row] = await t.database.db.select({ actorId: auditLog.actorId }).from(auditLog).where(eq(auditLog.actorType, 'staff')).limit(1);
  return row?.actorId ?? undefined;
}

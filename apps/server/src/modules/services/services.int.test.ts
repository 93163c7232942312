import { describe, expect, test } from 'vitest';
import { ZServicesResponse, type ServicesResponse } from '@prsp/contracts';
import { appointmentParticipants, appointments } from '../../db/schema';
import type { TestBrowser } from '../../test/http-client';
import { ELIAS, HELMI, LILJA, MATTI, SARA } from '../../test/person-codes';
import { expectError, okData, onboard, patientTestApp, postJson } from '../patients/patient.steps';

const ctx = patientTestApp();

const MIN = 60_000;
const code = (b: TestBrowser, c: string) => postJson(b, `/api/services/chatCode/${encodeURIComponent(c)}`);

describe('GET /api/services', () => {
  test('open and chat-code services of the organisation, self-assessment by the connector flag', async () => {
    const browser = await ctx.signedIn(MATTI);
    await onboard(browser, ctx.espoo.id);
    const res = ZServicesResponse.parse(await okData(browser.fetch('/api/services')));
    expect(res.openServices.map((s) => [s.serviceName.en, s.serviceImage, s.mandatorySelfAssessment, s.optionalSelfAssessment])).toEqual([
      ['Doctor appointment', 'doctor', true, false],
      ['Nurse chat', 'nurse', false, true],
    ]);
    expect(res.openServices[1]).toMatchObject({
      chatQueueId: 'espoo-nurse',
      serviceDescription: { fi: 'Kysy sairaanhoitajalta arjen terveysasioista.' },
    });
    expect(res.chatCodeServices.map((s) => s.chatQueueId)).toEqual(['espoo-physio']);
    expect(res.appointments).toEqual([]);

    const restore = await ctx.setFlags(ctx.espoo.id, { htaConnectorEnabled: false });
    try {
      const off = await okData<ServicesResponse>(browser.fetch('/api/services'));
      expect(off.openServices.every((s) => !s.mandatorySelfAssessment && !s.optionalSelfAssessment)).toBe(true);
    } finally {
      await restore();
    }
  });

  test('appointments: own, booked, not yet ended, in this organisation, by start; none when bookings are off', async () => {
    const browser = await ctx.signedIn(SARA);
    await onboard(browser, ctx.espoo.id);
    const sara = await ctx.patientIdOf(SARA);
    const now = Date.now();
    const at = (minutes: number) => new Date(Math.floor((now + minutes * MIN) / 1000) * 1000);
    const elias = await ctx.patientIdOf(ELIAS);
    const base = { organisationId: ctx.espoo.id, type: 'oneOnOne' as const, status: 'booked' as const };
    const rows: { name: string; start: number; patient: string | null; extra?: Partial<typeof appointments.$inferInsert> }[] = [
      {
        name: 'later',
        start: 3 * 24 * 60,
        patient: sara,
        extra: { status: 'selfBooked', queueId: 'q', audienceId: 'a', preQuestionnaire: [{ id: 'q1', question: 'Q', answer: 'A' }] },
      },
      { name: 'ongoing', start: -10, patient: sara },
      { name: 'ended', start: -120, patient: sara },
      { name: 'cancelled', start: 60, patient: sara, extra: { status: 'cancelled' } },
      { name: 'open slot', start: 60, patient: null, extra: { status: 'open' } },
      { name: 'other patient', start: 60, patient: elias },
      { name: 'other organisation', start: 60, patient: sara, extra: { organisationId: ctx.kaarina.id } },
      { name: 'soon', start: 90, patient: sara, extra: { type: 'group' } },
    ];
    for (const r of rows) {
      const [a] = await ctx.db
        .insert(appointments)
        .values({ ...base, name: r.name, startsAt: at(r.start), endsAt: at(r.start + 30), ...r.extra })
        .returning({ id: appointments.id });
      if (r.patient)
        await ctx.db
          .insert(appointmentParticipants)
          .values({ appointmentId: a!.id, role: 'patient', patientId: r.patient, name: r.name, language: 'fi' });
    }
    const res = await okData<ServicesResponse>(browser.fetch('/api/services'));
    expect(res.appointments.map((a) => a.name)).toEqual(['ongoing', 'soon', 'later']);
    expect(res.appointments[2]).toEqual({
      uuid: expect.any(String),
      name: 'later',
      startTime: at(3 * 24 * 60).getTime(),
      duration: 30,
      type: 'oneOnOne',
      kind: 'chat',
      queueId: 'q',
      audienceId: 'a',
      surveys: [],
      preQuestionnaire: [{ id: 'q1', question: 'Q', answer: 'A' }],
      visit: null,
      selfBooked: true,
    });

    const restore = await ctx.setFlags(ctx.espoo.id, { bookingsEnabled: false });
    try {
      expect((await okData<ServicesResponse>(browser.fetch('/api/services'))).appointments).toEqual([]);
    } finally {
      await restore();
    }
    // Another patient sees none of these.
    const other = await ctx.signedIn(HELMI);
    await onboard(other, ctx.espoo.id);
    expect((await okData<ServicesResponse>(other.fetch('/api/services'))).appointments).toEqual([]);
  });

  test('the other organisation’s services; its flags (bookings off, connector off)', async () => {
    const browser = await ctx.signedIn(HELMI);
    await onboard(browser, ctx.kaarina.id);
    const res = await okData<ServicesResponse>(browser.fetch('/api/services'));
    expect(res.openServices.map((s) => s.chatQueueId)).toEqual(['kaarina-child', 'kaarina-therapy']); // Lastenneuvola, Mielenterveysneuvonta
    expect(res.chatCodeServices).toEqual([]);
  });

  test('refusals: 101 signed out, 404 without organisation, 403 without terms; remote reception off hides the services', async () => {
    await expectError(ctx.guest().fetch('/api/services'), 401, 101);
    const browser = await ctx.signedIn(LILJA);
    await expectError(browser.fetch('/api/services'), 404, 404);
    await okData(postJson(browser, '/api/organisations/select', { selectedOrganisation: ctx.espoo.id }));
    await expectError(browser.fetch('/api/services'), 403, 403);
    await okData(postJson(browser, '/api/terms/accept'));
    const restore = await ctx.setFlags(ctx.espoo.id, { remoteReceptionEnabled: false });
    try {
      const res = await okData<ServicesResponse>(browser.fetch('/api/services'));
      expect([res.openServices, res.chatCodeServices]).toEqual([[], []]);
      await expectError(code(browser, 'PHYSIO2026'), 403, 403);
    } finally {
      await restore();
    }
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StatFigures, Statistics } from '@prsp/contracts';
import { experts, services, staffUsers } from '../../db/schema';
import { seedDemoStatistics } from '../../db/seed/statistics-demo-seed';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { TestBrowser } from '../../test/http-client';
import { fieldKeys, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let espoo: string;
let kaarina: string;
let nurseService: string;
let doctorService: string;
let eeva: string;
let lauri: string;
let fiia: string;

// The seed's three days straddle the spring change (29 March 2026, 03:00 → 04:00 in Helsinki): its hours are local.
const PERIOD = '?from=2026-03-28&to=2026-03-30';

/** Every figure zero (nothing counted) with `over` on top: most rows of the answer differ from it in a few figures. */
const figures = (over: Partial<StatFigures> = {}): StatFigures => ({
  chatsHandled: 0,
  chatsAbandoned: 0,
  transfers: 0,
  waitMedianSeconds: null,
  waitP90Seconds: null,
  handlingMedianSeconds: null,
  bookingsMade: 0,
  cancelledByPatient: 0,
  cancelledByAdmin: 0,
  cancelledByExpert: 0,
  held: 0,
  noShows: 0,
  messagesReceived: 0,
  messagesAnswered: 0,
  firstAnswerMedianSeconds: null,
  surveysSent: 0,
  surveysAnswered: 0,
  feedback: [],
  ...over,
});

async function get(browser: TestBrowser, query: string): Promise<Statistics> {
  const res = await browser.fetch(`/api/admin/statistics${query}`);
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

async function expertId(email: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: experts.id })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(and(eq(staffUsers.email, email), eq(experts.organisationId, espoo)));
  return row!.id;
}

beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  const serviceOf = async (queue: string) =>
    (await t.database.db.select({ id: services.id }).from(services).where(eq(services.chatQueueId, queue)))[0]!.id;
  [nurseService, doctorService] = await Promise.all([serviceOf('espoo-nurse'), serviceOf('espoo-doctor')]);
  [eeva, lauri, fiia] = await Promise.all([
    expertId('expert@espoo.example'),
    expertId('doctor@espoo.example'),
    expertId('physio@espoo.example'),
  ]);
  await t.database.db.transaction((tx) => seedDemoStatistics(tx, createFieldCipher(t.config.dataKey), '2026-03-30'));
  // A second run changes nothing.
  await t.database.db.transaction((tx) => seedDemoStatistics(tx, createFieldCipher(t.config.dataKey), '2026-03-30'));
});
afterAll(() => t.close());

describe('GET /api/admin/statistics', () => {
  test('totals over the period: exact counts, medians and p90s computed by the database', async () => {
    const data = await get(await staffBrowser(t), PERIOD);
    expect(data.from).toBe('2026-03-28');
    expect(data.to).toBe('2026-03-30');
    expect(data.totals).toEqual(
      figures({
        chatsHandled: 8,
        chatsAbandoned: 1,
        transfers: 1,
        // Waits 30, 60, 90, 120, 180, 240, 300, 600: the median halfway between 120 and 180, p90 at 6.3 of 7.
        waitMedianSeconds: 150,
        waitP90Seconds: 390,
        // Six of 300 s, one of 600 and one of 1200.
        handlingMedianSeconds: 300,
        bookingsMade: 5,
        cancelledByPatient: 2,
        cancelledByAdmin: 1,
        held: 1,
        noShows: 1,
        messagesReceived: 3,
        messagesAnswered: 2,
        firstAnswerMedianSeconds: 5400,
        surveysSent: 4,
        surveysAnswered: 3,
        feedback: [
          // 10, 9, 9, 7, 3, 0: three promoters, two detractors of six → 16.7 → 17; average 38 / 6.
          { scoreType: 'nps', count: 6, average: 6.3, nps: 17 },
          { scoreType: 'care', count: 2, average: 4.5, nps: null },
        ],
      }),
    );
    expect(data.comments).toEqual([
      { date: '2026-03-28', scoreType: 'nps', score: 3, text: 'Jouduin odottamaan.' },
      { date: '2026-03-28', scoreType: 'nps', score: 10, text: 'Nopea vastaus, kiitos!' },
    ]);
    expect(data.commentsLeftOut).toBe(0);
    expect(JSON.stringify(data)).not.toMatch(/Tilasto|Esimerkki|010180/);
  });

  test('per day: every day of the period, counts of 1–4 as "<5" and no median of fewer than five', async () => {
    const data = await get(await staffBrowser(t), PERIOD);
    expect(data.byDay).toEqual([
      {
        date: '2026-03-28',
        figures: figures({
          chatsHandled: 6,
          chatsAbandoned: '<5',
          transfers: '<5',
          // 60, 120, 180, 240, 300, 600.
          waitMedianSeconds: 210,
          waitP90Seconds: 450,
          handlingMedianSeconds: 300,
          bookingsMade: 5,
          messagesReceived: '<5',
          messagesAnswered: '<5',
          feedback: [{ scoreType: 'nps', count: 6, average: 6.3, nps: 17 }],
        }),
      },
      {
        date: '2026-03-29',
        figures: figures({
          chatsHandled: '<5',
          cancelledByPatient: '<5',
          cancelledByAdmin: '<5',
          surveysSent: '<5',
          surveysAnswered: '<5',
          feedback: [{ scoreType: 'care', count: '<5', average: null, nps: null }],
        }),
      },
      { date: '2026-03-30', figures: figures({ held: '<5', noShows: '<5' }) },
    ]);
  });

  test('per service, queue and expert; secure messages are neither a service’s nor a queue’s', async () => {
    const data = await get(await staffBrowser(t), PERIOD);
    const nurseRow = data.byService.find((r) => r.serviceId === nurseService)!;
    expect(nurseRow.name?.en).toBe('Nurse chat');
    expect(nurseRow.figures).toEqual(
      figures({
        chatsHandled: 6,
        chatsAbandoned: '<5',
        transfers: '<5',
        waitMedianSeconds: 210,
        waitP90Seconds: 450,
        handlingMedianSeconds: 300,
        bookingsMade: 5,
        cancelledByPatient: '<5',
        cancelledByAdmin: '<5',
        held: '<5',
        noShows: '<5',
        messagesReceived: null,
        messagesAnswered: null,
        feedback: [{ scoreType: 'nps', count: 6, average: 6.3, nps: 17 }],
      }),
    );
    expect(data.byService.find((r) => r.serviceId === doctorService)!.figures).toMatchObject({
      chatsHandled: '<5',
      waitMedianSeconds: null,
    });
    // The surveys were sent without an appointment: they name no service, and that row comes last.
    expect(data.byService.at(-1)).toEqual({
      serviceId: null,
      name: null,
      figures: figures({ surveysSent: '<5', surveysAnswered: '<5', messagesReceived: null, messagesAnswered: null }),
    });
    expect(data.byQueue.map((r) => r.queueId)).toEqual(['espoo-doctor', 'espoo-nurse', null]);
    expect(data.byQueue[1]!.figures).toMatchObject({ chatsHandled: 6, chatsAbandoned: '<5', waitP90Seconds: 450, messagesReceived: null });

    expect(data.byExpert.map((r) => [r.expertId, r.name])).toEqual([
      [eeva, 'Eeva Asiantuntija'],
      [fiia, 'Fiia Fysioterapeutti'],
      [lauri, 'Lauri Lääkäri'],
      [null, ''],
    ]);
    expect(data.byExpert[0]!.figures).toEqual(
      figures({
        chatsHandled: 6,
        transfers: '<5',
        waitMedianSeconds: 210,
        waitP90Seconds: 450,
        handlingMedianSeconds: 300,
        messagesReceived: '<5',
        messagesAnswered: '<5',
        surveysSent: '<5',
        surveysAnswered: '<5',
        feedback: [{ scoreType: 'nps', count: 6, average: 6.3, nps: 17 }],
      }),
    );
    expect(data.byExpert[1]!.figures).toMatchObject({ bookingsMade: 5, cancelledByPatient: '<5', held: '<5', chatsHandled: 0 });
    expect(data.byExpert[3]!.figures).toMatchObject({ chatsAbandoned: '<5', messagesReceived: '<5', messagesAnswered: 0 });
    expect(data.choices.queues.map((q) => q.id)).toEqual(expect.arrayContaining(['espoo-nurse', 'espoo-doctor']));
    expect(data.choices.experts).toEqual(expect.arrayContaining([{ id: eeva, name: 'Eeva Asiantuntija' }]));
  });

  test('filters narrow every figure; one expert’s totals are suppressed too', async () => {
    const browser = await staffBrowser(t);
    const doctorQueue = await get(browser, `${PERIOD}&queueId=espoo-doctor`);
    expect(doctorQueue.totals).toEqual(
      figures({
        chatsHandled: 2,
        waitMedianSeconds: 60,
        waitP90Seconds: 84,
        handlingMedianSeconds: 900,
        messagesReceived: null,
        messagesAnswered: null,
        feedback: [{ scoreType: 'care', count: 2, average: 4.5, nps: null }],
      }),
    );
    expect(doctorQueue.comments).toEqual([]);
    const nurse = await get(browser, `${PERIOD}&serviceId=${nurseService}`);
    expect(nurse.totals).toMatchObject({ chatsHandled: 6, chatsAbandoned: 1, bookingsMade: 5, surveysSent: 0, messagesReceived: null });
    const own = await get(browser, `${PERIOD}&expertId=${eeva}`);
    expect(own.totals).toMatchObject({ chatsHandled: 6, chatsAbandoned: 0, transfers: '<5', messagesReceived: '<5', surveysSent: '<5' });
    expect(own.byExpert.map((r) => r.expertId)).toEqual([eeva]);
  });

  test("another organisation's admin counts nothing of this one; a filter naming its service is 404", async () => {
    const browser = await staffBrowser(t, { organisation: 'kaarina-demo' });
    const data = await get(browser, PERIOD);
    expect(data.totals).toEqual(figures());
    expect(data.byDay.every((d) => d.figures.chatsHandled === 0)).toBe(true);
    expect(data.byService).toEqual([]);
    expect(data.comments).toEqual([]);
    expect((await browser.fetch(`/api/admin/statistics${PERIOD}&serviceId=${nurseService}`)).status).toBe(404);
    expect((await browser.fetch(`/api/admin/statistics${PERIOD}&expertId=${eeva}`)).status).toBe(404);
    expect(kaarina).not.toBe(espoo);
  });

  test('input: the period rules of the feedback results, ids checked', async () => {
    const browser = await staffBrowser(t);
    const keys = async (query: string) => {
      const res = await browser.fetch(`/api/admin/statistics${query}`);
      expect(res.status).toBe(400);
      return fieldKeys(await res.json());
    };
    expect(await keys('?from=2026-03-10&to=2026-03-09')).toEqual({ to: 'fields.beforeStart' });
    expect(await keys('?from=2025-01-01&to=2026-01-02')).toEqual({ from: 'fields.periodTooLong' });
    expect(await keys('?from=2026-02-30')).toEqual({ from: 'fields.date' });
    expect(await keys(`${PERIOD}&serviceId=nurse`)).toEqual({ serviceId: 'fields.invalid' });
    expect((await browser.fetch('/api/admin/statistics?from=2024-01-01&to=2024-12-31')).status).toBe(200);
  });

  test('rights: service settings view may read; a booker is refused; signed out is 101', async () => {
    expect((await (await staffBrowser(t, { preset: 'operationalAdmin' })).fetch('/api/admin/statistics')).status).toBe(200);
    expect((await (await staffBrowser(t, { preset: 'booker' })).fetch('/api/admin/statistics')).status).toBe(403);
    const anonymous = await new TestBrowser(t.baseUrl).fetch('/api/admin/statistics');
    expect(await anonymous.json()).toMatchObject({ statusCode: 101 });
  });
});

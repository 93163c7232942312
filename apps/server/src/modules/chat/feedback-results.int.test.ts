import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FeedbackSummary, ScoreType } from '@prsp/contracts';
import { chatFeedback, experts, services } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { createStaffAccount, fieldKeys, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let espoo: string;
let kaarina: string;
let nurseService: { id: string; name: { fi: string } };
let doctorService: { id: string; name: { fi: string } };
let kaarinaService: string;
/** The demo services in their list order, as the results list them. */
let serviceOrder: string[];
let aino: string;
let bertil: string;

async function expertOf(organisation: string, firstName: string, lastName: string): Promise<string> {
  const user = await createStaffAccount(t, { organisation: null, expertIn: organisation, firstName, lastName });
  const [row] = await t.database.db.select({ id: experts.id }).from(experts).where(eq(experts.userId, user.id));
  return row!.id;
}

type Row = { organisationId?: string; serviceId: string | null; expertId: string | null; scoreType: ScoreType; score: number; at: string };
async function insertFeedback(rows: Row[]) {
  await t.database.db.insert(chatFeedback).values(
    rows.map((r) => ({
      organisationId: r.organisationId ?? espoo,
      serviceId: r.serviceId,
      expertId: r.expertId,
      from: r.scoreType === 'expertCes' ? ('expert' as const) : ('patient' as const),
      scoreType: r.scoreType,
      score: r.score,
      tags: {},
      createdAt: new Date(r.at),
    })),
  );
}

const summary = async (browser: TestBrowser, query = ''): Promise<FeedbackSummary> => {
  const res = await browser.fetch(`/api/admin/feedback${query}`);
  expect(res.status).toBe(200);
  return (await res.json()).data;
};

beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  const list = await t.database.db
    .select({ id: services.id, name: services.name, queue: services.chatQueueId })
    .from(services)
    .where(eq(services.organisationId, espoo))
    .orderBy(asc(services.position));
  serviceOrder = list.map((s) => s.id);
  nurseService = list.find((s) => s.queue === 'espoo-nurse')!;
  doctorService = list.find((s) => s.queue === 'espoo-doctor')!;
  kaarinaService = (
    await t.database.db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.organisationId, kaarina)))
      .limit(1)
  )[0]!.id;
  aino = await expertOf('espoo-demo', 'Aino', 'Asiantuntija');
  bertil = await expertOf('espoo-demo', 'Bertil', 'Berg');

  // March 2026 in Helsinki (UTC+2): the 10th ends at 22:00 UTC.
  await insertFeedback([
    { serviceId: nurseService.id, expertId: aino, scoreType: 'nps', score: 10, at: '2026-03-01T08:00:00Z' },
    { serviceId: nurseService.id, expertId: aino, scoreType: 'nps', score: 9, at: '2026-03-02T08:00:00Z' },
    { serviceId: nurseService.id, expertId: bertil, scoreType: 'nps', score: 3, at: '2026-03-03T08:00:00Z' },
    { serviceId: nurseService.id, expertId: bertil, scoreType: 'nps', score: 8, at: '2026-03-10T21:59:59Z' },
    { serviceId: nurseService.id, expertId: aino, scoreType: 'ces', score: 4, at: '2026-03-04T08:00:00Z' },
    { serviceId: nurseService.id, expertId: aino, scoreType: 'ces', score: 5, at: '2026-03-04T09:00:00Z' },
    { serviceId: doctorService.id, expertId: bertil, scoreType: 'care', score: 2, at: '2026-03-05T08:00:00Z' },
    { serviceId: doctorService.id, expertId: bertil, scoreType: 'expertCes', score: 6, at: '2026-03-05T09:00:00Z' },
    { serviceId: null, expertId: null, scoreType: 'nps', score: 0, at: '2026-03-06T08:00:00Z' },
    // Outside the period: the evening before it starts in Helsinki, and the first minute of the day after it ends.
    { serviceId: nurseService.id, expertId: aino, scoreType: 'nps', score: 0, at: '2026-02-28T21:59:59Z' },
    { serviceId: nurseService.id, expertId: aino, scoreType: 'nps', score: 0, at: '2026-03-10T22:00:00Z' },
    // Another organisation's, in the period.
    { organisationId: kaarina, serviceId: kaarinaService, expertId: null, scoreType: 'nps', score: 0, at: '2026-03-05T08:00:00Z' },
  ]);
});
afterAll(() => t.close());

describe('GET /api/admin/feedback', () => {
  test('per service and per expert: count, average and NPS per score type, in Helsinki calendar days', async () => {
    const browser = await staffBrowser(t);
    const data = await summary(browser, '?from=2026-03-01&to=2026-03-10');
    expect(data.from).toBe('2026-03-01');
    expect(data.to).toBe('2026-03-10');
    const inListOrder = <T extends { serviceId: string | null }>(rows: T[]) =>
      [...rows].sort((a, b) => serviceOrder.indexOf(a.serviceId!) - serviceOrder.indexOf(b.serviceId!));
    expect(data.byService.at(-1)).toEqual({
      serviceId: null,
      name: null,
      figures: [{ scoreType: 'nps', count: 1, average: 0, nps: -100 }],
    });
    expect(data.byService.slice(0, -1)).toEqual(
      inListOrder([
        {
          serviceId: nurseService.id,
          name: nurseService.name,
          figures: [
            // 10, 9, 3, 8: 2 promoters, 1 detractor of 4 → 25.
            { scoreType: 'nps', count: 4, average: 7.5, nps: 25 },
            { scoreType: 'ces', count: 2, average: 4.5, nps: null },
          ],
        },
        {
          serviceId: doctorService.id,
          name: doctorService.name,
          figures: [
            { scoreType: 'care', count: 1, average: 2, nps: null },
            { scoreType: 'expertCes', count: 1, average: 6, nps: null },
          ],
        },
      ]),
    );
    expect(data.byExpert).toEqual([
      {
        expertId: aino,
        name: 'Aino Asiantuntija',
        figures: [
          { scoreType: 'nps', count: 2, average: 9.5, nps: 100 },
          { scoreType: 'ces', count: 2, average: 4.5, nps: null },
        ],
      },
      {
        expertId: bertil,
        name: 'Bertil Berg',
        figures: [
          { scoreType: 'nps', count: 2, average: 5.5, nps: -50 },
          { scoreType: 'care', count: 1, average: 2, nps: null },
          { scoreType: 'expertCes', count: 1, average: 6, nps: null },
        ],
      },
      { expertId: null, name: '', figures: [{ scoreType: 'nps', count: 1, average: 0, nps: -100 }] },
    ]);
  });

  test("another organisation's admin sees only its own feedback", async () => {
    const data = await summary(await staffBrowser(t, { organisation: 'kaarina-demo' }), '?from=2026-03-01&to=2026-03-10');
    expect(data.byService).toEqual([
      { serviceId: kaarinaService, name: expect.anything(), figures: [{ scoreType: 'nps', count: 1, average: 0, nps: -100 }] },
    ]);
    expect(data.byExpert).toEqual([{ expertId: null, name: '', figures: [expect.objectContaining({ count: 1 })] }]);
  });

  test('without dates: the last 30 days up to today; a period without feedback is empty', async () => {
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await insertFeedback([
      { serviceId: doctorService.id, expertId: aino, scoreType: 'care', score: 5, at: recent },
      { serviceId: doctorService.id, expertId: aino, scoreType: 'care', score: 1, at: old },
    ]);
    const browser = await staffBrowser(t);
    const data = await summary(browser);
    expect(Math.round((Date.parse(data.to) - Date.parse(data.from)) / 86_400_000)).toBe(29);
    expect(data.byService).toEqual([
      { serviceId: doctorService.id, name: doctorService.name, figures: [{ scoreType: 'care', count: 1, average: 5, nps: null }] },
    ]);
    expect(await summary(browser, '?from=2020-01-01&to=2020-01-31')).toEqual({
      from: '2020-01-01',
      to: '2020-01-31',
      byService: [],
      byExpert: [],
    });
  });

  test('period rules: the end not before the start, at most 366 days, real dates', async () => {
    const browser = await staffBrowser(t);
    const keys = async (query: string) => {
      const res = await browser.fetch(`/api/admin/feedback${query}`);
      expect(res.status).toBe(400);
      return fieldKeys(await res.json());
    };
    expect(await keys('?from=2026-03-10&to=2026-03-09')).toEqual({ to: 'fields.beforeStart' });
    expect(await keys('?from=2025-01-01&to=2026-01-02')).toEqual({ from: 'fields.periodTooLong' });
    expect(await keys('?from=2026-02-30')).toEqual({ from: 'fields.date' });
    expect(await keys('?to=yesterday')).toEqual({ to: 'fields.invalid' });
    expect((await browser.fetch('/api/admin/feedback?from=2024-01-01&to=2024-12-31')).status).toBe(200);
  });

  test('rights: service settings view may read (operational admin); a booker is refused; signed out is 101', async () => {
    expect((await (await staffBrowser(t, { preset: 'operationalAdmin' })).fetch('/api/admin/feedback')).status).toBe(200);
    const booker = await (await staffBrowser(t, { preset: 'booker' })).fetch('/api/admin/feedback');
    expect(booker.status).toBe(403);
    const anonymous = await new TestBrowser(t.baseUrl).fetch('/api/admin/feedback');
    expect(await anonymous.json()).toMatchObject({ statusCode: 101 });
  });
});

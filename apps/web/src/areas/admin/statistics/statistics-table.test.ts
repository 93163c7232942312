import { describe, expect, test } from 'vitest';
import type { StatFigures, Statistics } from '@prsp/contracts';
import { statisticsCsv } from './statistics-table';

const zero: StatFigures = {
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
};
const data: Statistics = {
  from: '2026-03-28',
  to: '2026-03-29',
  totals: { ...zero, chatsHandled: 6, waitMedianSeconds: 150, feedback: [{ scoreType: 'nps', count: 6, average: 6.3, nps: -17 }] },
  byDay: [
    { date: '2026-03-28', figures: { ...zero, chatsHandled: 6, waitMedianSeconds: 210 } },
    { date: '2026-03-29', figures: { ...zero, chatsHandled: '<5' } },
  ],
  byService: [
    {
      serviceId: 's',
      name: { fi: 'Hoitaja', se: 'Sjukskötare', en: 'Nurse' },
      figures: { ...zero, messagesReceived: null, messagesAnswered: null },
    },
  ],
  byQueue: [],
  byExpert: [{ expertId: null, name: '', figures: zero }],
  comments: [{ date: '2026-03-28', scoreType: 'nps', score: 3, text: 'Hidas; "liian"' }],
  commentsLeftOut: 0,
  choices: { services: [], queues: [], experts: [] },
};
// The keys as texts, with their values, so the test reads what went where.
const t = (key: string, options?: Record<string, unknown>) => (options ? `${key}(${Object.values(options).join(',')})` : key);

describe('statisticsCsv', () => {
  test('one table: header, totals, days, services, experts; minutes with a decimal comma; then the comments', () => {
    const lines = statisticsCsv(data, t, 'fi').split('\r\n');
    expect(lines[0]!.startsWith('\uFEFFstatistics.group;statistics.name;statistics.figures.chatsHandled;')).toBe(true);
    expect(lines[0]).toContain(';statistics.inMinutes(statistics.figures.waitMedianSeconds);');
    expect(
      lines[0]!.endsWith(
        ';statistics.feedbackCount(admin.feedback.scoreTypes.nps);statistics.feedbackAverage(admin.feedback.scoreTypes.nps);statistics.npsColumn',
      ),
    ).toBe(true);
    // 17 figures and three feedback columns after the group and the name.
    expect(lines[1]).toBe('statistics.groups.total;28.03.2026–29.03.2026;6;0;0;2,5;;;0;0;0;0;0;0;0;0;;0;0;6;6,3;-17');
    expect(lines[2]).toBe('statistics.groups.day;28.03.2026;6;0;0;3,5;;;0;0;0;0;0;0;0;0;;0;0;0;;');
    expect(lines[3]!.startsWith('statistics.groups.day;29.03.2026;<5;')).toBe(true);
    expect(lines[4]).toBe('statistics.groups.service;Hoitaja;0;0;0;;;;0;0;0;0;0;0;;;;0;0;0;;');
    expect(lines[5]!.startsWith('statistics.groups.expert;statistics.noExpert;')).toBe(true);
    expect(lines.slice(6)).toEqual([
      '',
      'statistics.date;statistics.scoreType;statistics.score;statistics.comment',
      '28.03.2026;admin.feedback.scoreTypes.nps;3;"Hidas; ""liian"""',
      '',
    ]);
  });
});

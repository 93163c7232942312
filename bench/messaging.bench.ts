/**
 * Async messaging under a realistic load (bench/README.md 'npm run bench:messaging'): an expert's conversation list
 * with unread counts over many conversations, and patient sends with a small attachment, on PGlite and, when one
 * answers, on a PostgreSQL server (BENCH_DATABASE_URL or TEST_DATABASE_URL), each beside a baseline of the same run.
 */
import { performance } from 'node:perf_hooks';
import { desc, eq, sql } from 'drizzle-orm';
import { conversations } from '../apps/server/src/db/schema';
import { onboardedPatientSessions } from '../apps/server/src/modules/booking/booking.steps';
import { expertBrowser, makeCategory, makeSubcategory } from '../apps/server/src/modules/messaging/categories.steps';
import { expertConversations } from '../apps/server/src/modules/messaging/conversations.repo';
import { messageSubcategoryExperts } from '../apps/server/src/modules/messaging/messaging.tables';
import { pngImage } from '../apps/server/src/test/png';
import { startTestApp, type TestApp } from '../apps/server/src/test/test-app';
import { organisationId, withCsrfCookie } from '../apps/server/src/test/staff-accounts';
import { TestBrowser } from '../apps/server/src/test/http-client';
import { latencyOf, ms, postgresAnswers, redact, runBenchmark, setTestDatabaseUrl, table, type Latency } from './harness';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
// Issue 11's load: 10,000 conversations and 200,000 messages in the organisation.
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 10_000);
const MESSAGES_EACH = 20;
const LIST_RUNS = Number(process.env.BENCH_LIST_RUNS ?? 100);
const SEND_RUNS = Number(process.env.BENCH_SEND_RUNS ?? 100);
const PATIENTS = 200;

type Row = { database: string; what: string; measured: Latency; baseline: string; base: Latency };

async function timed(runs: number, once: () => Promise<void>): Promise<Latency> {
  for (let i = 0; i < Math.min(5, runs); i++) await once();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  return latencyOf(times);
}

async function ok(res: Promise<Response>): Promise<void> {
  const r = await res;
  if (r.status !== 200) throw new Error(`answered ${r.status}: ${(await r.text()).slice(0, 200)}`);
  await r.arrayBuffer();
}

/** 10,000 conversations × 20 messages in one organisation: half direct ones the expert started, half answered requests. */
async function seed(t: TestApp) {
  const db = t.database.db;
  const espoo = await organisationId(t, 'espoo-demo');
  const expert = await expertBrowser(t);
  const category = await makeCategory(db, espoo);
  const sub = await makeSubcategory(db, espoo, category.id);
  await db.insert(messageSubcategoryExperts).values({ subcategoryId: sub.id, expertId: expert.expertId });
  const patients = await onboardedPatientSessions(t, espoo, PATIENTS);
  const ids = `array[${patients.map((p) => `'${p.id}'::uuid`).join(',')}]`;
  await db.execute(
    sql.raw(`
    insert into conversations (organisation_id, patient_id, kind, category_id, subcategory_id, subject, expert_id, last_message_at)
    select '${espoo}', (${ids})[1 + (g % ${PATIENTS})], case when g % 2 = 0 then 'direct' else 'request' end,
      case when g % 2 = 0 then null else '${category.id}'::uuid end, case when g % 2 = 0 then null else '${sub.id}'::uuid end,
      'Aihe ' || g, '${expert.expertId}', now() - (g || ' minutes')::interval
    from generate_series(1, ${CONVERSATIONS}) g`),
  );
  await db.execute(
    sql.raw(`
    insert into conversation_messages (conversation_id, author_patient_id, author_expert_id, type, body, created_at)
    select c.id, case when m % 2 = 0 then c.patient_id end, case when m % 2 = 1 then c.expert_id end, 'text', 'Viesti ' || m,
      c.last_message_at - ((${MESSAGES_EACH} - m) || ' seconds')::interval
    from conversations c, generate_series(1, ${MESSAGES_EACH}) m`),
  );
  // The expert has read about half of them.
  await db.execute(
    sql.raw(`
    insert into conversation_reads (conversation_id, reader, read_at)
    select id, 'expert:${expert.expertId}', last_message_at - interval '3 seconds' from conversations where random() < 0.5`),
  );
  await db.execute(sql.raw('analyze'));
  const patient = withCsrfCookie(new TestBrowser(t.baseUrl));
  patient.setCookie('prsp_session', patients[0]!.token);
  const [direct] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(sql`${conversations.patientId} = ${patients[0]!.id} and ${conversations.kind} = 'direct'`)
    .limit(1);
  return { espoo, expert, patient, directId: direct!.id };
}

async function runOn(database: string): Promise<Row[]> {
  const t = await startTestApp();
  try {
    const { espoo, expert, patient, directId } = await seed(t);
    const db = t.database.db;
    const E = '/api/expert/async-messaging';
    const rows: Row[] = [];
    const me = { id: expert.expertId, organisationId: espoo };

    // 1. The list over HTTP, beside the app's cheapest signed-in answer (session lookup and envelope only).
    rows.push({
      database,
      what: `expert list over HTTP (${CONVERSATIONS} conv.)`,
      measured: await timed(LIST_RUNS, () => ok(expert.browser.fetch(`${E}/conversations`))),
      baseline: 'GET /api/sso/user_data (session only)',
      base: await timed(LIST_RUNS, () => ok(expert.browser.fetch('/api/sso/user_data'))),
    });
    // 2. The query alone: with the access filter and unread counts, beside the organisation's plain newest-first list.
    rows.push({
      database,
      what: 'list query: access filter + unread',
      measured: await timed(LIST_RUNS, async () => {
        await expertConversations(db, me, { view: { kind: 'conversations', status: 'open' } });
      }),
      baseline: 'plain org query, same limit',
      base: await timed(LIST_RUNS, async () => {
        await db
          .select()
          .from(conversations)
          .where(eq(conversations.organisationId, espoo))
          .orderBy(desc(conversations.lastMessageAt))
          .limit(200);
      }),
    });
    // 3. A patient's send with a small attachment, beside the same send with text only.
    const png = pngImage(16, 16);
    const P = `/api/patient/async-messaging/conversations/${directId}/send-message`;
    const send = (withFile: boolean) => {
      const form = new FormData();
      form.append('text', 'Kiitos vastauksesta.');
      if (withFile) form.append('attachments[]', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'kuva.png');
      return ok(patient.fetch(P, { method: 'POST', body: form }));
    };
    rows.push({
      database,
      what: `patient send + ${png.length} B png`,
      measured: await timed(SEND_RUNS, () => send(true)),
      baseline: 'the same send, text only',
      base: await timed(SEND_RUNS, () => send(false)),
    });
    return rows;
  } finally {
    await t.close();
  }
}

async function main(): Promise<number> {
  const rows: Row[] = [];
  const previous = process.env.TEST_DATABASE_URL;
  setTestDatabaseUrl(undefined);
  rows.push(...(await runOn('PGlite')));
  const pgDown = POSTGRES_URL ? await postgresAnswers(POSTGRES_URL) : 'no BENCH_DATABASE_URL or TEST_DATABASE_URL';
  if (!pgDown) {
    setTestDatabaseUrl(POSTGRES_URL);
    rows.push(...(await runOn('PostgreSQL')));
  }
  setTestDatabaseUrl(previous);
  console.log(
    `${CONVERSATIONS} conversations × ${MESSAGES_EACH} messages; list runs ${LIST_RUNS}, send runs ${SEND_RUNS}, one request at a time`,
  );
  console.log(pgDown ? `PostgreSQL skipped: ${pgDown}` : `PostgreSQL: ${redact(POSTGRES_URL!)}`);
  console.log(
    table(
      ['database', 'measured', 'baseline', 'p50 ms', 'p95 ms', 'base p50', 'base p95'],
      rows.map((r) => [r.database, r.what, r.baseline, ms(r.measured.p50), ms(r.measured.p95), ms(r.base.p50), ms(r.base.p95)]),
      3,
    ),
  );
  return 0;
}

await runBenchmark(main);

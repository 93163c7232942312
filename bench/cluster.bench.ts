/**
 * Cluster benchmark (issue 13): the busy morning of a municipality, once against one instance (reached directly) and
 * once against two behind the bench's own round-robin proxy (cluster-proxy.ts), on a PostgreSQL server and Redis.
 * See bench/README.md ('npm run bench:cluster').
 *
 * Each virtual patient, again and again until the time is up: signs in through the built-in identity provider (the
 * real OIDC flow, as a new person each time), chooses the organisation, accepts its terms and gives contact details,
 * searches open slots on two days, holds and books one, enters the nurses' chat queue where a nurse (a bench expert)
 * takes the chat, opens the realtime socket (a WebSocket), sends three messages, each acknowledged
 * once stored, and the nurse ends the chat. Every step's latency is recorded; errors are counted per step.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { addDays, atLocalTime, localDateAt } from '@prsp/contracts';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { appointments, experts, organisations, services, staffUsers } from '../apps/server/src/db/schema';
import { createSession } from '../apps/server/src/platform/session/sessions.service';
import { TestBrowser } from '../apps/server/src/test/http-client';
import {
  addCosts,
  costsBetween,
  loadCostTable,
  NO_COSTS,
  profileSummary,
  snapshot,
  statementsBetween,
  stepCostTable,
  topStatementsTable,
  type Costs,
  type Snapshot,
} from './cluster-costs';
import { portInRange, startInstance, startProxy, type Instance, type Proxy } from './cluster-proxy';
import { soak, SOAK_MINUTES, type SoakResult } from './cluster-soak';
import {
  describeMachine,
  latencyOf,
  ms,
  postgresAnswers,
  readSettings,
  redact,
  reportGoals,
  runBenchmark,
  table,
  verdict,
  type Goal,
  type Latency,
} from './harness';

const LONG = process.argv.includes('--long');
const settings = readSettings();
/** Seconds of load per configuration: BENCH_DURATION, else 30 (a default run is about 2 minutes), 180 with --long. */
const DURATION_S = process.env.BENCH_DURATION ? settings.duration : LONG ? 180 : 30;
/** Virtual patients at once: BENCH_CONNECTIONS, else 16. */
const PATIENTS = process.env.BENCH_CONNECTIONS ? settings.connections : 16;
/**
 * Seconds of the same load before the measured one, not timed: the instances' code is compiled by then and their
 * caches and pools filled, as on a server that has run a while (the harness's 2 s are too short for whole visits).
 */
const WARMUP_S = 10;
/** `--instances=2` runs the two-instance configuration alone (`=1` the one-instance one); by default both, in turn. */
const INSTANCES_ARG = process.argv.find((a) => a.startsWith('--instances='))?.slice('--instances='.length);
/** `--soak`: one instance at half its sustainable rate for BENCH_SOAK_MINUTES (cluster-soak.ts) instead of the load. */
const SOAK = process.argv.includes('--soak');
const CONFIGURATIONS = SOAK ? [1] : INSTANCES_ARG ? [Number(INSTANCES_ARG)] : [1, 2];
if (!CONFIGURATIONS.every((n) => n === 1 || n === 2)) throw new Error(`--instances takes 1 or 2, got ${INSTANCES_ARG}`);
/** `--cpu-prof`: a V8 CPU profile of each instance over the load, summarised after the tables and kept as files. */
const PROFILE = process.argv.includes('--cpu-prof');
/** `--statements`: after the step table, the statements each step sends most often (by text), per visit. */
const STATEMENTS = process.argv.includes('--statements');
/** Visits one patient makes alone after the load, step by step, to attribute CPU and statements to each step. */
const STEP_VISITS = 20;
const MESSAGES_PER_CHAT = 3;
const NURSES = 4;
const ORGANISATION_SLUG = 'espoo-demo';
const SPECIALIZATION = 'psychologist';
const EXPERTS = 40;
const SLOTS_PER_DAY = 16;
/**
 * Days of open slots: 10 (6,400 slots, more than a 30 s load books), or for the soak enough for its bookings with a
 * fifth to spare, from a generous bound of the rate (30 whole visits a second sustained, half of it in the soak).
 */
const DAYS = SOAK ? Math.ceil(((30 * 30 + 15 * 60 * SOAK_MINUTES) * 1.2) / (EXPERTS * SLOTS_PER_DAY)) : 10;

const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** A Redis database of the bench's own (the app takes no key prefix; the number in the URL keeps the keys apart). */
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/13';
/** This benchmark's ports: the proxy's and the instances', the first free ones from 34210 on. */
const PORTS = { from: 34210, to: 34299 };

const STEPS = [
  'sign-in (OIDC)',
  'onboarding',
  'slot search',
  'hold + book',
  'chat: queue + accept',
  'socket connect',
  'chat message',
] as const;
type Step = (typeof STEPS)[number];

/**
 * A patient's browser behind the proxy, from an address of its own (198.18.0.0/15, the range set aside for
 * benchmarks). The broker is another origin, as a real one is: its cookies are kept apart and sent only to it.
 */
class PatientBrowser extends TestBrowser {
  private readonly elsewhere = new Map<string, Map<string, string>>();

  constructor(
    baseUrl: string,
    private readonly address: string,
  ) {
    super(baseUrl);
  }

  override fetch(pathOrUrl: string, init: RequestInit & { csrf?: boolean } = {}): Promise<Response> {
    const url = new URL(pathOrUrl, this.baseUrl);
    const headers = new Headers(init.headers);
    // What nginx sets (deploy/nginx/prsp.conf); the instances run with TRUST_PROXY=true, so rate limits are per patient.
    headers.set('x-forwarded-for', this.address);
    if (url.origin === new URL(this.baseUrl).origin) return super.fetch(pathOrUrl, { ...init, headers });
    return this.fetchElsewhere(url, { ...init, headers });
  }

  private async fetchElsewhere(url: URL, init: RequestInit & { headers: Headers }): Promise<Response> {
    const jar = this.elsewhere.get(url.origin) ?? new Map<string, string>();
    this.elsewhere.set(url.origin, jar);
    if (jar.size > 0) init.headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const expired = attrs.some((a) => /max-age=0|expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || rest.join('=') === '') jar.delete(name!.trim());
      else jar.set(name!.trim(), rest.join('='));
    }
    return res;
  }
}

let visitCounter = 0;
/**
 * A valid Finnish identity code of a (fictional) person born in 1980–1999, individual number 900–999: the `n`th visit's,
 * so that no two visits sign in as the same person whatever order their steps run in.
 */
function newIdentityCode(n: number): string {
  const day = String((n % 28) + 1).padStart(2, '0');
  const month = String((Math.floor(n / 28) % 12) + 1).padStart(2, '0');
  const year = String(80 + (Math.floor(n / 336) % 20)).padStart(2, '0');
  const individual = String(900 + (Math.floor(n / 6720) % 100));
  const check = '0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(`${day}${month}${year}${individual}`) % 31];
  return `${day}${month}${year}-${individual}${check}`;
}

type Setup = { organisationId: string; nurseServiceId: string; answers: string; days: number[]; nurses: TestBrowser[] };

/** Experts with open slots for the searches and bookings, and nurses signed in to the expert app for the chats. */
async function seed(database: Database, baseUrl: string): Promise<Setup> {
  const db = database.db;
  const [organisation] = await db.select().from(organisations).where(eq(organisations.slug, ORGANISATION_SLUG));
  if (!organisation) throw new Error(`the demo seed has no ${ORGANISATION_SLUG}`);
  const [nurseService] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.organisationId, organisation.id), eq(services.slug, 'nurse')));
  const run = randomBytes(4).toString('hex');
  const users = await db
    .insert(staffUsers)
    .values(
      Array.from({ length: EXPERTS + NURSES }, (_, i) => ({
        email: `cluster-${run}-${i}@test.example`,
        firstName: 'Penkki',
        lastName: `${i}`,
      })),
    )
    .returning({ id: staffUsers.id });
  const rows = await db
    .insert(experts)
    .values(
      users.map((u, i) =>
        i < EXPERTS
          ? { userId: u.id, organisationId: organisation.id, specializations: [SPECIALIZATION], chatQueueId: `q-cluster-${i}` }
          : {
              userId: u.id,
              organisationId: organisation.id,
              specializations: ['nurse'],
              chatQueueId: 'espoo-nurse',
              chatUserId: `cu-${run}-${i}`,
            },
      ),
    )
    .returning({ id: experts.id });
  const today = localDateAt(new Date());
  const slots: (typeof appointments.$inferInsert)[] = [];
  for (let day = 1; day <= DAYS; day++)
    for (let s = 0; s < SLOTS_PER_DAY; s++) {
      const startsAt = atLocalTime(addDays(today, day), 8 + Math.floor(s / 2), (s % 2) * 30);
      for (const [i, e] of rows.slice(0, EXPERTS).entries())
        slots.push({
          organisationId: organisation.id,
          expertId: e.id,
          name: `Penkki ${i}`,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 30 * 60_000),
          type: 'oneOnOne',
          status: 'open',
        });
    }
  for (let i = 0; i < slots.length; i += 2000) await db.insert(appointments).values(slots.slice(i, i + 2000));
  const nurses = await Promise.all(
    users.slice(EXPERTS).map(async (u) => {
      const { token } = await createSession(
        db,
        { idleSeconds: 3600, absoluteSeconds: 7200 },
        {
          staffUserId: u.id,
          appRole: 'expert',
          organisationId: organisation.id,
        },
      );
      const nurse = new TestBrowser(baseUrl);
      nurse.setCookie('prsp_session', token);
      nurse.setCookie('prsp_csrf', randomBytes(16).toString('hex'));
      return nurse;
    }),
  );
  const answers = JSON.stringify({
    questionnaireAnswers: organisation.content.questionnaire.map((q) => ({ id: q.id, question: 'bench', answer: 'Penkkitesti' })),
  });
  const days = Array.from({ length: DAYS }, (_, d) => atLocalTime(addDays(today, d + 1), 12, 0).getTime());
  return { organisationId: organisation.id, nurseServiceId: nurseService!.id, answers, days, nurses };
}

type Recorder = {
  latencies: Map<Step, number[]>;
  errors: Map<Step, string[]>;
  visits: number;
  /** Only while one patient visits alone: each step's CPU and statements, from the processes' probes around it. */
  costs?: { probe: () => Promise<Snapshot>; byStep: Map<Step, Costs>; texts: Map<string, Map<string, number>> };
};

async function timed<T>(rec: Recorder, step: Step, work: () => Promise<T>): Promise<T> {
  const before = rec.costs ? await rec.costs.probe() : undefined;
  const started = performance.now();
  try {
    const value = await work();
    rec.latencies.get(step)!.push(performance.now() - started);
    return value;
  } catch (err) {
    rec.errors.get(step)!.push(err instanceof Error ? err.message : String(err));
    throw err;
  } finally {
    if (rec.costs && before) {
      const after = await rec.costs.probe();
      rec.costs.byStep.set(step, addCosts(rec.costs.byStep.get(step) ?? NO_COSTS, costsBetween(before, after)));
      rec.costs.texts.set(step, statementsBetween(before, after, rec.costs.texts.get(step)));
    }
  }
}

async function expectOk(res: Response, what: string): Promise<{ data: unknown }> {
  const body = (await res.json().catch(() => ({}))) as { status?: string; data?: unknown; statusCode?: number };
  if (res.status !== 200 || body.status !== 'ok') throw new Error(`${what}: ${res.status} ${body.statusCode ?? ''}`);
  return body as { data: unknown };
}

function emit<T>(socket: Socket, event: string, payload: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    socket.timeout(10_000).emit(event, payload, (err: Error | null, ack: { ok: boolean; statusCode?: number; data?: T }) => {
      if (err) reject(err);
      else if (!ack.ok) reject(new Error(`${event} refused: ${ack.statusCode}`));
      else resolve(ack.data as T);
    });
  });
}

/** One patient's morning, from sign-in to the end of the chat. */
async function visit(baseUrl: string, setup: Setup, rec: Recorder): Promise<void> {
  const n = visitCounter++;
  const patient = new PatientBrowser(baseUrl, `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`);
  await timed(rec, 'sign-in (OIDC)', async () => {
    const { res, url } = await patient.signIn(newIdentityCode(n), { givenName: 'Aamu', familyName: `Potilas${n}` });
    if (res.status !== 200 || !patient.cookie('prsp_session'))
      throw new Error(`sign-in ended with ${res.status} at ${new URL(url).pathname}${new URL(url).search}`);
  });
  const json = { 'content-type': 'application/json' };
  await timed(rec, 'onboarding', async () => {
    const post = (p: string, body: unknown) => patient.fetch(p, { method: 'POST', headers: json, body: JSON.stringify(body) });
    await expectOk(await post('/api/organisations/select', { selectedOrganisation: setup.organisationId }), 'select');
    await expectOk(await post('/api/terms/accept', {}), 'terms');
    const contact = { street: 'Katu 1', code: '02100', city: 'Espoo', mobile: '+358401234567', email: `aamu${n}@test.example` };
    await expectOk(await post('/api/contact', { ...contact, country: 'fi', nationality: 'fi' }), 'contact');
  });
  let open: { uuid: string }[] = [];
  for (const day of [setup.days[n % DAYS]!, setup.days[(n + 3) % DAYS]!])
    open = await timed(rec, 'slot search', async () => {
      const found = await expectOk(await patient.fetch(`/api/services/open/${day}/${SPECIALIZATION}`), 'search');
      return found.data as { uuid: string }[];
    });
  await timed(rec, 'hold + book', async () => {
    // Others take slots too: a slot held by someone else (422) is skipped for the next one, as the page does.
    for (let attempt = 0; attempt < 5; attempt++) {
      const slot = open[Math.floor(Math.random() * open.length)];
      if (!slot) throw new Error('no open slot left on the day');
      const lock = await patient.fetch(`/api/services/lock/${slot.uuid}`, { method: 'POST' });
      if (lock.status === 422 || lock.status === 409) {
        await lock.body?.cancel();
        continue;
      }
      await expectOk(lock, 'lock');
      await expectOk(
        await patient.fetch(`/api/services/book/${slot.uuid}`, { method: 'POST', headers: json, body: setup.answers }),
        'book',
      );
      return;
    }
    throw new Error('five slots in a row taken by others');
  });
  const nurse = setup.nurses[n % setup.nurses.length]!;
  const channelId = await timed(rec, 'chat: queue + accept', async () => {
    const channel = await expectOk(
      await patient.fetch('/api/chat/channels', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ serviceId: setup.nurseServiceId }),
      }),
      'enter queue',
    );
    const id = (channel.data as { id: string }).id;
    await expectOk(await nurse.fetch(`/api/expert/chat/channels/${id}/accept`, { method: 'POST' }), 'accept');
    return id;
  });
  const socket = await timed(
    rec,
    'socket connect',
    () =>
      new Promise<Socket>((resolve, reject) => {
        const s = io(baseUrl, {
          path: '/api/socket.io',
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          extraHeaders: { origin: new URL(baseUrl).origin, cookie: `prsp_session=${patient.cookie('prsp_session')}` },
        });
        s.once('connect', () => resolve(s));
        s.once('connect_error', (err) => {
          s.close();
          reject(err);
        });
      }),
  );
  try {
    await emit(socket, 'chat:join', { channelId });
    for (let m = 0; m < MESSAGES_PER_CHAT; m++)
      await timed(rec, 'chat message', () => emit(socket, 'chat:send', { channelId, id: randomUUID(), text: `Hyvää huomenta ${m}` }));
  } finally {
    socket.close();
    await nurse.fetch(`/api/expert/chat/channels/${channelId}/end`, { method: 'POST' }).then((r) => r.body?.cancel());
  }
  rec.visits++;
}

type StepPass = { visits: number; byStep: Map<Step, Costs>; texts: Map<string, Map<string, number>>; whole: Costs; idleCpuMsPerS: number };
type Result = {
  label: string;
  wallS: number;
  rec: Recorder;
  stderr: string[];
  /** Over the load: the processes' costs, and the bench's own CPU (load generator and proxy). */
  load: { costs: Costs; benchCpuMs: number };
  steps: StepPass;
  profile?: string;
};

const BROKER_ENTRY = ['--import', 'tsx', '--import', './bench/process-probe.ts', 'bench/test-idp-broker.ts'];

/** The instances count as at rest below this CPU rate (their timers and the jobs runner's polling). */
const AT_REST_CPU_MS_PER_S = 30;

/**
 * The instances' CPU rate once they are at rest: after the load they still work off what it queued (e-mails,
 * notifications), which the per-step figures must not take in. Measured over one second at a time until the rate
 * falls under AT_REST_CPU_MS_PER_S, for at most 30 s; the last rate is returned either way.
 */
async function settle(probe: () => Promise<Snapshot>): Promise<number> {
  let rate = Infinity;
  for (let i = 0; i < 30 && rate >= AT_REST_CPU_MS_PER_S; i++) {
    const from = await probe();
    const started = performance.now();
    // A CPU rate needs a span of time: there is no event to await.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rate = costsBetween(from, await probe()).instanceCpuMs / ((performance.now() - started) / 1000);
  }
  return rate;
}

/** One patient's visits alone after the load, once the instances are at rest, each step between two probes. */
async function stepPass(entry: string, setup: Setup, errors: Recorder['errors'], probe: () => Promise<Snapshot>): Promise<StepPass> {
  const idleCpuMsPerS = await settle(probe);
  const costs = { probe, byStep: new Map<Step, Costs>(), texts: new Map<string, Map<string, number>>() };
  const rec: Recorder = { latencies: new Map(STEPS.map((s) => [s, []])), errors, visits: 0, costs };
  const from = await probe();
  for (let i = 0; i < STEP_VISITS; i++) await visit(entry, setup, rec);
  const to = await probe();
  // What no step took: the rest of a visit (joining the chat's room, the nurse ending the chat).
  const inSteps = new Map<string, number>();
  for (const texts of costs.texts.values()) for (const [text, n] of texts) inSteps.set(text, (inSteps.get(text) ?? 0) + n);
  const rest = new Map(
    [...statementsBetween(from, to)].map(([text, n]) => [text, n - (inSteps.get(text) ?? 0)] as const).filter(([, n]) => n > 0),
  );
  costs.texts.set('between the steps', rest);
  return { visits: rec.visits, byStep: costs.byStep, texts: costs.texts, whole: costsBetween(from, to), idleCpuMsPerS };
}

type Cluster = {
  /** Where the patients go: the one instance itself, or the proxy in front of several. */
  entry: string;
  instances: Instance[];
  broker: Instance;
  setup: Setup;
  databaseUrl: string;
  databaseName: string;
};

/**
 * One configuration: a fresh database, `count` instances, the stand-in broker, seeded; `load` on it. Several
 * instances are behind the proxy; one is reached directly, as there is nothing to balance: the proxy is Node code in
 * the bench's process on the same two cores, where a real nginx (in C, often on a host of its own) costs far less.
 */
async function runConfiguration<T>(label: string, count: number, proxy: Proxy, load: (cluster: Cluster) => Promise<T>): Promise<T> {
  const dbName = `prsp_bench_cluster_${process.pid}_${count}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'prsp-cluster-'));
  const instances: Instance[] = [];
  let broker: Instance | undefined;
  let database: Database | undefined;
  try {
    const taken = () => [new URL(proxy.url).port, ...[broker, ...instances].flatMap((x) => (x ? [x.port] : []))].map(Number);
    const brokerPort = await portInRange(PORTS.from, PORTS.to, taken());
    const firstPort = await portInRange(PORTS.from, PORTS.to, [...taken(), brokerPort]);
    const entry = count === 1 ? `http://127.0.0.1:${firstPort}` : proxy.url;
    const mailPort = await portInRange(PORTS.from, PORTS.to, [...taken(), brokerPort, firstPort]);
    const env = {
      NODE_ENV: 'development',
      DATABASE_URL: url.href,
      REDIS_URL,
      PUBLIC_URL: entry,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // The e-mails go out over SMTP to the mail catcher in the broker's process, as to a mail relay elsewhere.
      MAIL_CATCHER_ENABLED: 'false',
      SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
      // A load test, not people: the per-user socket event limits (plugins/socket-limits.ts) are off.
      REALTIME_EVENT_LIMITS: 'false',
      // The built-in identity provider runs in a process of its own (test-idp-broker.ts), as a real broker would.
      TEST_IDP_ENABLED: 'false',
      OIDC_ISSUER: `http://127.0.0.1:${brokerPort}/test-idp/oidc`,
    };
    broker = await startInstance(brokerPort, { ...env, MAIL_CATCHER_PORT: String(mailPort) }, { entry: BROKER_ENTRY });
    // One after the other: the first migrates and seeds the demo, the next finds both done.
    for (let i = 0; i < count; i++)
      instances.push(await startInstance(i === 0 ? firstPort : await portInRange(PORTS.from, PORTS.to, taken()), env));
    proxy.setUpstreams(instances.map((i) => i.port));
    database = await openDatabase({ url: url.href });
    console.error(`[${label}] seeding ${EXPERTS} experts × ${DAYS} days × ${SLOTS_PER_DAY} slots and ${NURSES} nurses…`);
    const setup = await seed(database, entry);
    return await load({ entry, instances, broker, setup, databaseUrl: url.href, databaseName: dbName });
  } finally {
    await Promise.all([broker, ...instances].map((i) => i?.stop()));
    await database?.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** PATIENTS patients, each visit after visit, for `seconds` (then each finishes the visit in hand). */
async function visitsFor(seconds: number, entry: string, setup: Setup, rec: Recorder): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: PATIENTS }, async () => {
      while (Date.now() < deadline) await visit(entry, setup, rec).catch(() => undefined);
    }),
  );
}

/** After a warm-up, PATIENTS patients visit for DURATION_S seconds; then one patient alone, step by step. */
async function closedLoop(label: string, count: number, { entry, instances, broker, setup }: Cluster): Promise<Result> {
  // For the commands Redis processed (its INFO stats), beside the processes' probes.
  const redis = new Redis(REDIS_URL);
  const probe = () => snapshot(instances, broker, redis);
  try {
    return await closedLoopMeasured(label, count, { entry, instances, broker, setup }, probe);
  } finally {
    redis.disconnect();
  }
}

async function closedLoopMeasured(
  label: string,
  count: number,
  { entry, instances, setup }: Omit<Cluster, 'databaseUrl' | 'databaseName'>,
  probe: () => Promise<Snapshot>,
): Promise<Result> {
  const rec: Recorder = { latencies: new Map(STEPS.map((s) => [s, []])), errors: new Map(STEPS.map((s) => [s, []])), visits: 0 };
  // The warm-up's visits are not timed, but their errors count.
  console.error(`[${label}] ${PATIENTS} patients, ${WARMUP_S} s of warm-up…`);
  await visitsFor(WARMUP_S, entry, setup, { latencies: new Map(STEPS.map((s) => [s, []])), errors: rec.errors, visits: 0 });
  console.error(`[${label}] ${PATIENTS} patients for ${DURATION_S} s…`);
  if (PROFILE) await Promise.all(instances.map((i) => i.probe({ kind: 'profile-start' })));
  const before = await probe();
  const benchBefore = process.cpuUsage();
  const started = performance.now();
  await visitsFor(DURATION_S, entry, setup, rec);
  const wallS = (performance.now() - started) / 1000;
  const benchCpu = process.cpuUsage(benchBefore);
  const load = { costs: costsBetween(before, await probe()), benchCpuMs: (benchCpu.user + benchCpu.system) / 1000 };
  let profile: string | undefined;
  if (PROFILE) {
    const files = instances.map((i) => path.join(tmpdir(), `prsp-cluster-${process.pid}-${count}-${i.port}.cpuprofile`));
    await Promise.all(instances.map((i, n) => i.probe({ kind: 'profile-stop', file: files[n]! })));
    profile = `${await profileSummary(files)}\nprofiles (open in Chrome DevTools): ${files.join(', ')}`;
  }
  console.error(`[${label}] one patient alone, ${STEP_VISITS} visits, step by step…`);
  const steps = await stepPass(entry, setup, rec.errors, probe);
  return { label, wallS, rec, stderr: instances.map((i) => i.stderr()).filter(Boolean), load, steps, profile };
}

function report(results: Result[]): string {
  const header = ['step', ...results.flatMap((r) => [`${r.label} n/s`, 'p50 ms', 'p99 ms', 'errors'])];
  const stat = (r: Result, step: Step): [Latency, number] => [latencyOf(r.rec.latencies.get(step)!), r.rec.errors.get(step)!.length];
  const body: string[][] = STEPS.map((step) => [
    step,
    ...results.flatMap((r) => {
      const [l, errors] = stat(r, step);
      return [(l.count / r.wallS).toFixed(1), ms(l.p50), ms(l.p99), String(errors)];
    }),
  ]);
  body.push(['whole visits', ...results.flatMap((r) => [(r.rec.visits / r.wallS).toFixed(2), '', '', ''])]);
  return table(header, body, 1);
}

/** Issue 31's goals, for bench:all's summary: 25 whole visits a second on one instance; every step's p99 and errors. */
function clusterGoals(r: Result): Goal[] {
  const worst = STEPS.map((step) => ({ step, p99: latencyOf(r.rec.latencies.get(step)!).p99 })).sort((a, b) => b.p99 - a.p99)[0]!;
  const errors = [...r.rec.errors.values()].reduce((n, e) => n + e.length, 0);
  const rate = r.rec.visits / r.wallS;
  return [
    ...(r.label === '1 instance'
      ? [{ measurement: `${r.label}: whole visits/s`, value: rate.toFixed(2), baseline: '—', goal: '≥ 25', met: rate >= 25 }]
      : []),
    {
      measurement: `${r.label}: worst step p99`,
      value: `${ms(worst.p99)} ms (${worst.step})`,
      baseline: '—',
      goal: '< 500 ms',
      met: worst.p99 < 500,
    },
    { measurement: `${r.label}: errors`, value: String(errors), baseline: `${r.rec.visits} visits`, goal: '0', met: errors === 0 },
  ];
}

/** `--soak`: one instance, the soak's report (cluster-soak.ts) in place of the load's tables. */
async function soakMain(): Promise<number> {
  console.log(
    `Soak: one instance; the sustainable rate from ${PATIENTS} patients at once for ${DURATION_S} s, then half of it for ${SOAK_MINUTES} min\n`,
  );
  const proxy = await startProxy(await portInRange(PORTS.from, PORTS.to));
  let result: SoakResult | undefined;
  let crashed: unknown;
  try {
    result = await runConfiguration('1 instance', 1, proxy, ({ entry, instances, setup, databaseUrl, databaseName }) =>
      soak({
        steps: STEPS,
        visit: (rec) => visit(entry, setup, rec),
        instance: instances[0]!,
        databaseUrl,
        databaseName,
        patients: PATIENTS,
        calibrationS: DURATION_S,
      }),
    );
    console.log(result.report);
    reportGoals('bench:cluster --soak', result.goals);
  } catch (err) {
    crashed = err;
  } finally {
    await proxy.close();
  }
  return verdict(crashed, result?.failures ?? [], 'ERRORS:');
}

async function main(): Promise<number> {
  const down = await postgresAnswers(SERVER_URL);
  if (down) throw new Error(`the cluster benchmark needs a PostgreSQL server at ${redact(SERVER_URL)}: ${down}`);
  console.log(describeMachine({ ...settings, duration: DURATION_S, warmup: WARMUP_S, connections: PATIENTS }));
  console.log(`PostgreSQL ${redact(SERVER_URL)} (a scratch database per configuration), Redis ${REDIS_URL}`);
  if (SOAK) return soakMain();
  console.log(`${PATIENTS} patients at once, ${DURATION_S} s per configuration, ${MESSAGES_PER_CHAT} chat messages per visit\n`);
  const proxy = await startProxy(await portInRange(PORTS.from, PORTS.to));
  const results: Result[] = [];
  const failures: string[] = [];
  let crashed: unknown;
  try {
    for (const count of CONFIGURATIONS) {
      const label = count === 1 ? '1 instance' : `${count} instances`;
      results.push(await runConfiguration(label, count, proxy, (cluster) => closedLoop(label, count, cluster)));
      // Printed at once, so that a failure of a later configuration does not lose the earlier figures.
      console.log(`${report(results)}\n`);
      reportGoals('bench:cluster', results.flatMap(clusterGoals));
    }
    console.log('Where the time goes: per visit, over the load (all instances together; the broker apart)');
    console.log(
      `${loadCostTable(results.map((r) => ({ label: r.label, visits: r.rec.visits, wallS: r.wallS, costs: r.load.costs, benchCpuMs: r.load.benchCpuMs })))}\n`,
    );
    for (const r of results) {
      const { steps } = r;
      console.log(
        `[${r.label}] per step, one patient alone (${steps.visits} visits; instances at rest: ${steps.idleCpuMsPerS.toFixed(1)} CPU ms/s)`,
      );
      console.log(`${stepCostTable(STEPS, steps.byStep, steps.whole, steps.visits)}\n`);
      if (STATEMENTS)
        console.log(`[${r.label}] the statements each step sends most often\n${topStatementsTable(steps.texts, steps.visits)}\n`);
      if (r.profile) console.log(`[${r.label}] CPU profile of the instances over the load\n${r.profile}\n`);
    }
    for (const r of results) {
      for (const [step, errors] of r.rec.errors)
        if (errors.length > 0)
          failures.push(`${r.label}, ${step}: ${errors.length} errors, e.g. ${[...new Set(errors)].slice(0, 3).join(' | ')}`);
      // What the instances logged (warnings and errors): the reason behind a failed step is there, not in the answer.
      if (r.stderr.length > 0)
        console.error(`\n[${r.label}] the instances' log (warn and above, the last 4000 characters):\n${r.stderr.join('\n---\n')}`);
    }
  } catch (err) {
    crashed = err;
  } finally {
    await proxy.close();
  }
  return verdict(crashed, failures, 'ERRORS:');
}

await runBenchmark(main);

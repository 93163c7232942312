import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PRESET_RIGHTS } from '@prsp/contracts';
import type { Database } from '../../db/client';
import {
  adminMemberships,
  appointments,
  auditLog,
  chatChannels,
  conversationMessages,
  conversations,
  experts,
  files,
  organisations,
  patientContacts,
  patients,
  staffUsers,
  surveyResponses,
} from '../../db/schema';
import { seedDemo } from '../../db/seed/demo-seed';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { openTestDatabase } from '../../test/test-database';
import { jobs } from '../../platform/jobs/jobs.tables';
import { createDiskFileStore } from '../../platform/files/disk-file-store';
import type { FileStore } from '../../platform/files/file-store';
import { createJobRunner } from '../../platform/jobs/runner';
import { registerRetentionJob } from './retention.job';
import { runRetention } from './retention.service';
import * as repo from './retention.repo';

const NOW = new Date('2026-06-01T03:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

let database: Database;
let espoo: string;
let kaarina: string;
const ids: Record<string, string> = {};

async function staff(name: string, lastLoginAt: Date, places: { admin?: string[]; expert?: string; global?: boolean }) {
  const db = database.db;
  const [u] = await db
    .insert(staffUsers)
    .values({
      email: `${name}@test.example`,
      firstName: name,
      lastName: 'T',
      lastLoginAt,
      createdAt: daysAgo(1000),
      isGlobalAdmin: places.global ?? false,
    })
    .returning({ id: staffUsers.id });
  for (const org of places.admin ?? []) {
    await db.insert(adminMemberships).values({ userId: u!.id, organisationId: org, preset: 'booker', rights: PRESET_RIGHTS.booker });
  }
  if (places.expert)
    await db.insert(experts).values({ userId: u!.id, organisationId: places.expert, specializations: ['nurse'], chatQueueId: 'q' });
  await db.insert(auditLog).values([
    { actorType: 'staff', actorId: u!.id, action: 'test.old', at: daysAgo(400) },
    { actorType: 'staff', actorId: u!.id, action: 'test.new', at: daysAgo(1) },
  ]);
  ids[name] = u!.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db, createFieldCipher('test-key-test-key-test-key-test-key-0000'));
  const db = database.db;
  const orgs = await db.select({ id: organisations.id, slug: organisations.slug }).from(organisations);
  espoo = orgs.find((o) => o.slug === 'espoo-demo')!.id;
  kaarina = orgs.find((o) => o.slug === 'kaarina-demo')!.id;
  await db
    .update(organisations)
    .set({ retention: { patientDays: 90, adminDays: 180, expertDays: 365 } })
    .where(eq(organisations.id, espoo));

  const [idle, active, elsewhere] = await db.select({ id: patients.id }).from(patients).limit(3);
  await db
    .update(patients)
    .set({ selectedOrganisationId: espoo, lastLoginAt: daysAgo(100) })
    .where(eq(patients.id, idle!.id));
  await db
    .update(patients)
    .set({ selectedOrganisationId: espoo, lastLoginAt: daysAgo(10) })
    .where(eq(patients.id, active!.id));
  await db
    .update(patients)
    .set({ selectedOrganisationId: kaarina, lastLoginAt: daysAgo(500) })
    .where(eq(patients.id, elsewhere!.id));
  const contact = {
    street: 'Katu 1',
    code: '02100',
    city: 'Espoo',
    mobile: '0401234567',
    email: 'p@test.example',
    country: 'fi',
    nationality: 'fi',
  };
  for (const p of [idle!, active!, elsewhere!]) await db.insert(patientContacts).values({ patientId: p.id, ...contact });
  Object.assign(ids, { idlePatient: idle!.id, activePatient: active!.id, kaarinaPatient: elsewhere!.id });

  const appointment = (organisationId: string, startsAt: Date, name: string) => ({
    organisationId,
    name,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    type: 'oneOnOne' as const,
    status: 'booked' as const,
  });
  await db
    .insert(appointments)
    .values([
      appointment(espoo, daysAgo(91), 'old'),
      appointment(espoo, daysAgo(89), 'recent'),
      appointment(espoo, new Date(NOW.getTime() + 86_400_000), 'future'),
      appointment(kaarina, daysAgo(900), 'kaarina-old'),
    ]);
  const survey = (organisationId: string, createdAt: Date) => ({
    organisationId,
    patientId: active!.id,
    surveyName: { fi: 'K', se: 'K', en: 'K' },
    createdAt,
  });
  await db.insert(surveyResponses).values([survey(espoo, daysAgo(120)), survey(espoo, daysAgo(5)), survey(kaarina, daysAgo(900))]);

  await staff('idleAdmin', daysAgo(200), { admin: [espoo] });
  await staff('idleAdminElsewhereToo', daysAgo(200), { admin: [espoo, kaarina] });
  await staff('activeAdmin', daysAgo(2), { admin: [espoo] });
  await staff('idleGlobal', daysAgo(999), { admin: [espoo], global: true });
  await staff('idleExpert', daysAgo(400), { expert: espoo });
  await staff('recentExpert', daysAgo(300), { expert: espoo });
  await staff('kaarinaAdmin', daysAgo(999), { admin: [kaarina] });
});
afterAll(() => database.close());

describe('a retention run', () => {
  let run: Awaited<ReturnType<typeof runRetention>>;
  beforeAll(async () => {
    run = await runRetention(database.db, { now: NOW });
  });

  test('runs only for organisations with a limit, and records what it deleted', async () => {
    expect(run.ran).toBe(true);
    expect(run.organisations.map((o) => o.organisationId)).toEqual([espoo]);
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'retention.run'));
    expect(row).toMatchObject({ actorType: 'system', actorId: null, objectType: 'organisation', objectId: espoo });
    expect(row!.details).toEqual(run.organisations[0]!.counts);
    expect(run.organisations[0]!.counts).toMatchObject({ appointments: 1, surveyResponses: 1, patientContacts: 1, admins: 2, experts: 1 });
  });

  test("patients' appointments and survey answers older than patientDays go; newer and other organisations' stay", async () => {
    const names = (await database.db.select({ name: appointments.name }).from(appointments)).map((a) => a.name).sort();
    expect(names).toEqual(['future', 'kaarina-old', 'recent']);
    const surveys = await database.db.select().from(surveyResponses);
    expect(surveys).toHaveLength(2);
  });

  test('contact details of patients idle longer than patientDays go', async () => {
    const left = (await database.db.select({ id: patientContacts.patientId }).from(patientContacts)).map((c) => c.id).sort();
    expect(left).toEqual([ids.activePatient, ids.kaarinaPatient].sort());
  });

  test('admins and experts idle too long lose their place, and the account when nothing is left', async () => {
    const users = (await database.db.select({ id: staffUsers.id }).from(staffUsers)).map((u) => u.id);
    expect(users).not.toContain(ids.idleAdmin);
    expect(users).not.toContain(ids.idleExpert);
    for (const kept of ['idleAdminElsewhereToo', 'activeAdmin', 'idleGlobal', 'recentExpert', 'kaarinaAdmin'])
      expect(users).toContain(ids[kept]);
    const elsewhere = await database.db.select().from(adminMemberships).where(eq(adminMemberships.userId, ids.idleAdminElsewhereToo!));
    expect(elsewhere.map((m) => m.organisationId)).toEqual([kaarina]);
    // A global admin belongs to no one organisation's retention.
    expect(await database.db.select().from(adminMemberships).where(eq(adminMemberships.userId, ids.idleGlobal!))).toHaveLength(1);
  });

  test("audit rows of the organisation's admins and experts older than their limit go, newer stay", async () => {
    const rows = await database.db
      .select({ actorId: auditLog.actorId, action: auditLog.action })
      .from(auditLog)
      .where(inArray(auditLog.actorId, [ids.activeAdmin!, ids.recentExpert!, ids.kaarinaAdmin!]));
    const of = (name: string) =>
      rows
        .filter((r) => r.actorId === ids[name])
        .map((r) => r.action)
        .sort();
    expect(of('activeAdmin')).toEqual(['test.new']);
    expect(of('recentExpert')).toEqual(['test.new']);
    expect(of('kaarinaAdmin')).toEqual(['test.new', 'test.old']);
  });
});

describe('chat history', () => {
  test('goes after 90 days everywhere, or sooner with a shorter patient retention, with its files', async () => {
    const db = database.db;
    const channel = async (organisationId: string, days: number, status: 'ended' | 'active' = 'ended') => {
      const [row] = await db
        .insert(chatChannels)
        .values({ organisationId, kind: 'queue', status, createdAt: daysAgo(days), queuedAt: daysAgo(days) })
        .returning({ id: chatChannels.id });
      return row!.id;
    };
    // Kaarina sets no limits: 90 days. Espoo keeps patients' data 90 days too; a shorter setting is tested below.
    const kaarinaOld = await channel(kaarina, 95);
    const kaarinaRecent = await channel(kaarina, 85);
    const espooOld = await channel(espoo, 91);
    const stillOpen = await channel(espoo, 120, 'active');
    const key = randomBytes(16).toString('hex');
    await db.insert(files).values({
      key,
      contentType: 'application/pdf',
      size: 5,
      sha256: 'x',
      filename: 'a.pdf',
      ownerKind: 'chatChannel',
      ownerId: espooOld,
    });

    const run = await runRetention(db, { now: NOW });
    const left = (await db.select({ id: chatChannels.id }).from(chatChannels)).map((c) => c.id);
    expect(left.sort()).toEqual([kaarinaRecent, stillOpen].sort());
    expect(left).not.toContain(kaarinaOld);
    expect(run.fileKeys).toEqual([key]);
    expect(await db.select().from(files).where(eq(files.key, key))).toEqual([]);
    expect(run.organisations.find((o) => o.organisationId === kaarina)!.counts).toMatchObject({ chats: 1, appointments: 0 });

    await db
      .update(organisations)
      .set({ retention: { patientDays: 30, adminDays: null, expertDays: null } })
      .where(eq(organisations.id, kaarina));
    await runRetention(db, { now: NOW });
    expect((await db.select({ id: chatChannels.id }).from(chatChannels)).map((c) => c.id)).toEqual([stillOpen]);
    await db
      .update(organisations)
      .set({ retention: { patientDays: null, adminDays: null, expertDays: null } })
      .where(eq(organisations.id, kaarina));
  });
});

describe('conversations', () => {
  test('go with their messages and files when nothing was written in them for the patient retention', async () => {
    const db = database.db;
    const [patient] = await db.select({ id: patients.id }).from(patients).limit(1);
    const conversation = async (organisationId: string, days: number) => {
      const [row] = await db
        .insert(conversations)
        .values({
          organisationId,
          patientId: patient!.id,
          kind: 'direct',
          subject: 'S',
          createdAt: daysAgo(200),
          lastMessageAt: daysAgo(days),
        })
        .returning({ id: conversations.id });
      await db.insert(conversationMessages).values({ conversationId: row!.id, type: 'text', body: 'x', createdAt: daysAgo(days) });
      return row!.id;
    };
    // Espoo keeps patients' data 90 days; Kaarina sets no limit, so its old conversation stays.
    const espooOld = await conversation(espoo, 91);
    const espooActive = await conversation(espoo, 10);
    const kaarinaOld = await conversation(kaarina, 400);
    const key = randomBytes(16).toString('hex');
    await db.insert(files).values({
      key,
      contentType: 'application/pdf',
      size: 5,
      sha256: 'x',
      filename: 'a.pdf',
      ownerKind: 'conversation',
      ownerId: espooOld,
    });

    const run = await runRetention(db, { now: NOW });
    const left = (await db.select({ id: conversations.id }).from(conversations)).map((c) => c.id);
    expect(left.sort()).toEqual([espooActive, kaarinaOld].sort());
    expect(await db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, espooOld))).toEqual([]);
    expect(run.fileKeys).toEqual([key]);
    expect(await db.select().from(files).where(eq(files.key, key))).toEqual([]);
    expect(run.organisations.find((o) => o.organisationId === espoo)!.counts).toMatchObject({ conversations: 1 });
  });
});

describe('as a job', () => {
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  let store: FileStore;
  let storeDir: string;
  beforeAll(async () => {
    storeDir = await mkdtemp(path.join(tmpdir(), 'prsp-retention-'));
    store = createDiskFileStore(storeDir);
  });
  afterAll(() => rm(storeDir, { recursive: true, force: true }));

  test('retention runs as a nightly job: once a day at 02:00 Helsinki time, however many instances declare it', async () => {
    const db = database.db;
    // 05:00 in Helsinki, two days after the runs above.
    let clock = new Date('2026-06-03T02:00:00Z');
    const instances = [0, 1, 2].map(() => {
      const runner = createJobRunner({ db, log: silent, now: () => clock });
      registerRetentionJob(runner, db, store);
      return runner;
    });
    await db.insert(appointments).values({
      organisationId: espoo,
      name: 'old-for-the-job',
      startsAt: daysAgo(95),
      endsAt: new Date(daysAgo(95).getTime() + 30 * 60_000),
      type: 'oneOnOne',
      status: 'booked',
    });
    const runsBefore = (await db.select().from(auditLog).where(eq(auditLog.action, 'retention.run'))).length;

    const results = await Promise.all(instances.map((r) => r.runOnce()));
    expect(results.reduce((sum, r) => sum + r.done, 0)).toBe(1);
    expect(await db.select().from(appointments).where(eq(appointments.name, 'old-for-the-job'))).toEqual([]);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'retention.run'))).toHaveLength(runsBefore + 1);
    const [job] = await db.select().from(jobs).where(eq(jobs.kind, 'retention.run'));
    expect(job).toMatchObject({ state: 'done', attempts: 1, singletonKey: '2026-06-03', runAt: new Date('2026-06-02T23:00:00Z') });

    // Later the same day nothing more runs; the next night it runs again.
    clock = new Date('2026-06-03T20:00:00Z');
    expect((await Promise.all(instances.map((r) => r.runOnce()))).map((r) => r.claimed)).toEqual([0, 0, 0]);
    clock = new Date('2026-06-03T23:00:00Z');
    expect((await Promise.all(instances.map((r) => r.runOnce()))).reduce((sum, r) => sum + r.done, 0)).toBe(1);
    const keys = (await db.select({ key: jobs.singletonKey }).from(jobs).where(eq(jobs.kind, 'retention.run'))).map((j) => j.key).sort();
    expect(keys).toEqual(['2026-06-03', '2026-06-04']);
  });
});

// One PGlite database has one connection, so two runs cannot overlap there; on a server they can, and the lock decides.
if (process.env.TEST_DATABASE_URL) {
  test('while one instance holds the job lock, another skips the run', async () => {
    await database.db.transaction(async (tx) => {
      expect(await repo.tryJobLock(tx, 7_420_021)).toBe(true);
      expect((await runRetention(database.db, { now: NOW })).ran).toBe(false);
    });
  });
}

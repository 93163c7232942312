/**
 * Test support for the conversation tests: a patient onboarded in an organisation, a subcategory with its experts,
 * multipart sends as the web app makes them, and what a send left behind (files, outbox rows, audit rows).
 * No production code imports this.
 */
import { readdir } from 'node:fs/promises';
import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, experts, files, messageSubcategoryExperts, outboxEmails, outboxSms, patientContacts } from '../../db/schema';
import type { TestBrowser } from '../../test/http-client';
import type { TestApp } from '../../test/test-app';
import { onboard, patientIdOf, signedIn } from '../patients/patient.steps';
import { makeCategory, makeSubcategory } from './categories.steps';

type Db = TestApp['database']['db'];

/** A signed-in patient who chose the organisation and accepted its terms, with contact details for the notices. */
export async function onboardedPatient(t: TestApp, ssn: string, organisationId: string, email?: string) {
  const browser = await signedIn(t, ssn);
  await onboard(browser, organisationId);
  const patientId = await patientIdOf(t, ssn);
  if (email)
    await t.database.db
      .insert(patientContacts)
      .values({ patientId, street: 'Katu 1', code: '00100', city: 'Espoo', mobile: '0401234567', email, country: 'fi', nationality: 'fi' })
      .onConflictDoNothing();
  return { browser, patientId };
}

/** An enabled open category with one subcategory answered by `expertIds` (or as told). */
export async function subcategoryWith(
  db: Db,
  organisationId: string,
  expertIds: string[],
  over: { categoryOpen?: boolean; open?: boolean; categoryDisabled?: boolean; disabled?: boolean } = {},
) {
  const category = await makeCategory(db, organisationId, { openAccess: over.categoryOpen ?? true, isDisabled: over.categoryDisabled });
  const sub = await makeSubcategory(db, organisationId, category.id, { openAccess: over.open ?? true, isDisabled: over.disabled });
  if (expertIds.length > 0)
    await db.insert(messageSubcategoryExperts).values(expertIds.map((expertId) => ({ subcategoryId: sub.id, expertId })));
  return { categoryId: category.id, subcategoryId: sub.id };
}

export async function staffUserOf(db: Db, expertId: string): Promise<string> {
  const [row] = await db.select({ userId: experts.userId }).from(experts).where(eq(experts.id, expertId));
  return row!.userId;
}

export type Attachment = { name: string; data: Buffer; type?: string };

/** A multipart body as the web app sends it: empty values left out, files as repeated `attachments[]`. */
export function messageForm(fields: Record<string, string | undefined>, attachments: Attachment[] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== '') form.append(k, v);
  for (const a of attachments)
    form.append('attachments[]', new Blob([new Uint8Array(a.data)], { type: a.type ?? 'application/octet-stream' }), a.name);
  return form;
}

export function postForm(browser: TestBrowser, path: string, form: FormData): Promise<Response> {
  return browser.fetch(path, { method: 'POST', body: form });
}

/** A small PDF (the magic bytes are what counts). */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** The answer's data after checking it is a 200 success envelope. */
export async function data<T>(res: Response | Promise<Response>): Promise<T> {
  const r = await res;
  const body = await r.json();
  expect({ http: r.status, status: body.status, body: body.status === 'ok' ? undefined : body }).toEqual({
    http: 200,
    status: 'ok',
    body: undefined,
  });
  return body.data as T;
}

/** An error answer's HTTP status and catalogue code, and its field keys. */
export async function refused(res: Response | Promise<Response>, http: number, statusCode: number): Promise<Record<string, string>> {
  const r = await res;
  const body = await r.json();
  expect({ http: r.status, statusCode: body.statusCode }).toEqual({ http, statusCode });
  return Object.fromEntries(((body.fields ?? []) as { field: string; messageKey: string }[]).map((f) => [f.field, f.messageKey]));
}

/** The conversation files recorded, and the bytes in the disk store: a refused send leaves both as they were. */
export async function storedFiles(t: TestApp): Promise<{ rows: number; onDisk: number }> {
  const [row] = await t.database.db.select({ n: count() }).from(files).where(eq(files.ownerKind, 'conversation'));
  const onDisk = (await readdir(t.config.files.dir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) =>
    e.isFile(),
  ).length;
  return { rows: row!.n, onDisk };
}

export function emailsTo(db: Db, to: string) {
  return db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to));
}

export function smsTo(db: Db, to: string) {
  return db.select().from(outboxSms).where(eq(outboxSms.toNumber, to));
}

export function auditOf(db: Db, action: string, objectId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.objectId, objectId)));
}

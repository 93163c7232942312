import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { maskIdentityCode, type ChatChannel, type VisitNote } from '@prsp/contracts';
import { auditLog, organisationFiles, patients, staffUsers } from '../../db/schema';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import type { TestBrowser } from '../../test/http-client';
import { webpLogo } from '../../test/png';
import { startTestApp, type TestApp } from '../../test/test-app';
import { onboardedPatients } from '../booking/booking.steps';
import { expectError, okData, organisationBySlug, postJson } from '../patients/patient.steps';
import { pdfText } from '../surveys/survey-expert.steps';
import { chatExpert, connectSocket, emitAck, ownQueue, say, sessionPatientId, tinyPdf, uploadFile, type ChatSocket } from './chat.steps';

let t: TestApp;
let espoo: string;
let kaarina: string;
const sockets: ChatSocket[] = [];

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'error' });
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  kaarina = (await organisationBySlug(t, 'kaarina-demo')).id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

/** How many images a PDF draws (poppler's pdfimages), their transparency masks not counted. */
async function imagesIn(pdf: Uint8Array): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'prsp-visit-'));
  try {
    await writeFile(join(dir, 'summary.pdf'), pdf);
    const { stdout } = await promisify(execFile)('pdfimages', ['-list', join(dir, 'summary.pdf')]);
    // After the two header lines, one line per image; a PNG's alpha is a soft mask of its own (type `smask`).
    return stdout
      .trim()
      .split('\n')
      .slice(2)
      .filter((line) => line.trim().split(/\s+/)[2] === 'image').length;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const putNote = (browser: TestBrowser, channelId: string, text: string) =>
  browser.fetch(`/api/expert/chat/channels/${channelId}/note`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
const lastAuditId = async () => (await t.database.db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;
const auditSince = (since: number) => t.database.db.select().from(auditLog).where(gt(auditLog.id, since));

/** A patient's chat taken by a nurse of their own queue, with a few lines and a file, then ended. */
async function finishedVisit() {
  const { queueId, serviceId } = await ownQueue(t, espoo);
  const [patient] = await onboardedPatients(t, espoo, 1);
  const patientId = await sessionPatientId(t, patient!);
  const nurse = await chatExpert(t, espoo, queueId, { firstName: 'Hanna', lastName: 'Hoitaja' });
  const channel = await okData<ChatChannel>(postJson(patient!, '/api/chat/channels', { serviceId }));
  await okData(postJson(nurse.browser, `/api/expert/chat/channels/${channel.id}/accept`));
  const [patientSocket, nurseSocket] = [
    await connectSocket(t.baseUrl, { browser: patient! }),
    await connectSocket(t.baseUrl, { browser: nurse.browser }),
  ];
  sockets.push(patientSocket, nurseSocket);
  for (const s of [patientSocket, nurseSocket])
    expect(await emitAck(s, 'chat:join', { channelId: channel.id })).toMatchObject({ ok: true });
  await say(patientSocket, channel.id, 'Minulla on kuumetta ja yskää.');
  await okData(uploadFile(patient!, channel.id, { name: 'kuumekäyrä.pdf', bytes: tinyPdf(), type: 'application/pdf' }));
  await say(nurseSocket, channel.id, 'Juo runsaasti ja lepää.');
  const [row] = await t.database.db.select().from(patients).where(eq(patients.id, patientId));
  const code = createFieldCipher(t.config.dataKey).decrypt(row!.ssnEncrypted);
  return { patient: patient!, patientId, nurse, channel, code, patientName: `${row!.givenName} ${row!.familyName}`, serviceId };
}

describe('visit notes (issue 33)', () => {
  test('the nurse writes, reads, rewrites and deletes her own note during and after the visit; each change audited by id only', async () => {
    const { nurse, channel, patientId } = await finishedVisit();
    const note = `/api/expert/chat/channels/${channel.id}/note`;
    expect(await okData<VisitNote>(nurse.browser.fetch(note))).toEqual({ text: '', updatedAt: null });

    const since = await lastAuditId();
    const saved = await okData<VisitNote>(putNote(nurse.browser, channel.id, 'Kuume 38,5. Soitto huomenna.'));
    expect(saved).toMatchObject({ text: 'Kuume 38,5. Soitto huomenna.', updatedAt: expect.any(Number) });
    expect(await okData<VisitNote>(nurse.browser.fetch(note))).toEqual(saved);
    // The read of the note is a read of the patient's data; the change is audited without its words.
    const rows = await auditSince(since);
    expect(rows.filter((r) => r.action === 'visit.note')).toEqual([
      expect.objectContaining({ actorId: nurse.userId, organisationId: espoo, objectType: 'chatChannel', objectId: channel.id }),
    ]);
    expect(rows.filter((r) => r.action === 'visit.note.read')).toEqual([
      expect.objectContaining({ actorId: nurse.userId, actorRole: 'expert', patientId, objectId: channel.id }),
    ]);
    expect(JSON.stringify(rows)).not.toContain('Soitto huomenna');

    // After the visit ends she may still change it.
    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${channel.id}/end`));
    expect(await okData<VisitNote>(putNote(nurse.browser, channel.id, 'Kuume 38,5.\nSoitto huomenna klo 10.'))).toMatchObject({
      text: 'Kuume 38,5.\nSoitto huomenna klo 10.',
    });
    // An empty (blank) note deletes it; deleting nothing writes nothing.
    const beforeDelete = await lastAuditId();
    expect(await okData<VisitNote>(putNote(nurse.browser, channel.id, '   '))).toEqual({ text: '', updatedAt: null });
    expect(await okData<VisitNote>(nurse.browser.fetch(note))).toEqual({ text: '', updatedAt: null });
    expect(await okData<VisitNote>(putNote(nurse.browser, channel.id, ''))).toEqual({ text: '', updatedAt: null });
    const deletes = (await auditSince(beforeDelete)).filter((r) => r.action === 'visit.note');
    expect(deletes.map((r) => r.details)).toEqual([{ deleted: true }]);
  });

  test('a note of 10,001 characters is refused with a field error; 10,000 are kept', async () => {
    const { nurse, channel } = await finishedVisit();
    const body = await expectError(putNote(nurse.browser, channel.id, 'x'.repeat(10_001)), 400, 400);
    expect(body.fields).toEqual([expect.objectContaining({ field: 'text', messageKey: 'fields.tooLong' })]);
    expect((await okData<VisitNote>(putNote(nurse.browser, channel.id, 'x'.repeat(10_000)))).text).toHaveLength(10_000);
  });

  test('the note is private: another expert (of the same or another organisation) gets 404, and no patient answer holds it', async () => {
    const { patient, nurse, channel, serviceId } = await finishedVisit();
    await okData(putNote(nurse.browser, channel.id, 'Yksityinen havainto 7391'));
    const colleague = await chatExpert(t, espoo, 'espoo-nurse');
    const elsewhere = await chatExpert(t, kaarina, 'kaarina-child');
    for (const other of [colleague, elsewhere]) {
      await expectError(other.browser.fetch(`/api/expert/chat/channels/${channel.id}/note`), 404, 404);
      await expectError(putNote(other.browser, channel.id, 'Ei minun'), 404, 404);
      await expectError(other.browser.fetch(`/api/expert/chat/channels/${channel.id}/summary.txt`), 404, 404);
      await expectError(other.browser.fetch(`/api/expert/chat/channels/${channel.id}/summary.pdf`), 404, 404);
    }
    // A visit that does not exist answers the same.
    await expectError(nurse.browser.fetch('/api/expert/chat/channels/00000000-0000-4000-8000-000000000000/note'), 404, 404);
    // The patient cannot call the expert's routes, and what the chat shows the patient never holds the note.
    expect((await patient.fetch(`/api/expert/chat/channels/${channel.id}/note`)).status).toBeGreaterThanOrEqual(400);
    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${channel.id}/end`));
    const patientAnswers = await Promise.all(
      [
        `/api/chat/channels/${channel.id}`,
        `/api/chat/channels/${channel.id}/messages`,
        `/api/ninchat/transcript?id=${channel.id}`,
        '/api/ninchat/my-transcripts',
        `/api/chat/channels/${channel.id}/feedback-plan`,
      ].map(async (path) => patient.fetch(path).then((r) => r.text())),
    );
    expect(patientAnswers.join('\n')).toContain('Minulla on kuumetta');
    expect(patientAnswers.join('\n')).not.toContain('7391');
    expect(serviceId).toBeTruthy();
  });
});

describe('the visit summary (issue 33)', () => {
  test('as text and as PDF: patient, masked code, time, service, nurse, transcript with the file, her own note; audited', async () => {
    const { nurse, channel, patientId, code, patientName } = await finishedVisit();
    await okData(putNote(nurse.browser, channel.id, 'Soitto huomenna, jos kuume jatkuu.'));
    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${channel.id}/end`));

    const since = await lastAuditId();
    const res = await nurse.browser.fetch(`/api/expert/chat/channels/${channel.id}/summary.txt?lang=fi`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="visit-summary-[0-9a-f-]+\.txt"/);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const text = await res.text();
    for (const words of [
      'Käyntiyhteenveto',
      `Potilas: ${patientName}`,
      `Henkilötunnus: ${maskIdentityCode(code)}`,
      'Palvelu: Palvelu ',
      'Ammattilainen: Hanna Hoitaja',
      'Käynnin tyyppi: Chat (jono)',
      'Minulla on kuumetta ja yskää.',
      '[Tiedosto: kuumekäyrä.pdf]',
      'Hanna Hoitaja: Juo runsaasti ja lepää.',
      'Soitto huomenna, jos kuume jatkuu.',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain(code);
    let rows = await auditSince(since);
    expect(rows.filter((r) => r.action === 'visit.summary')).toEqual([
      expect.objectContaining({ actorId: nurse.userId, actorRole: 'expert', organisationId: espoo, patientId, objectId: channel.id }),
    ]);
    expect(rows.filter((r) => r.action === 'chat.identityCode')).toEqual([]);

    // Without `lang`, the summary is in the expert's own language (the one she last chose in the staff apps).
    await t.database.db.update(staffUsers).set({ uiLanguage: 'en' }).where(eq(staffUsers.id, nurse.userId));
    expect(await (await nurse.browser.fetch(`/api/expert/chat/channels/${channel.id}/summary.txt`)).text()).toMatch(/^Visit summary\n/);

    // The PDF in Swedish with the whole identity code: a chat.identityCode row of its own beside the summary's. The
    // organisation's logo, a WebP that pdfkit cannot draw, is printed as PNG.
    await t.database.db
      .insert(organisationFiles)
      .values({ organisationId: espoo, kind: 'logo', legacyContentType: 'image/webp', legacyData: webpLogo() });
    const afterText = await lastAuditId();
    const pdfRes = await nurse.browser.fetch(`/api/expert/chat/channels/${channel.id}/summary.pdf?lang=sv&identityCode=full`);
    expect(pdfRes.status).toBe(200);
    expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
    expect(pdfRes.headers.get('content-disposition')).toMatch(/^attachment; filename="visit-summary-[0-9a-f-]+\.pdf"/);
    const bytes = new Uint8Array(await pdfRes.arrayBuffer());
    expect(await imagesIn(bytes)).toBe(1);
    const pdf = await pdfText(bytes);
    for (const words of [
      'Besökssammanfattning',
      patientName,
      code,
      'Hanna Hoitaja',
      'Minulla on kuumetta',
      'kuumekäyrä.pdf',
      'Soitto huomenna',
    ])
      expect(pdf).toContain(words);
    rows = await auditSince(afterText);
    expect(rows.map((r) => r.action).sort()).toEqual(['chat.identityCode', 'visit.summary']);
    expect(rows.every((r) => r.patientId === patientId && r.actorId === nurse.userId && r.objectId === channel.id)).toBe(true);
  });

  test('a query it does not know is refused; after a hand-over both experts have the summary, each with their own note only', async () => {
    const { nurse, channel } = await finishedVisit();
    await expectError(nurse.browser.fetch(`/api/expert/chat/channels/${channel.id}/summary.txt?lang=de`), 400, 400);
    await expectError(nurse.browser.fetch(`/api/expert/chat/channels/${channel.id}/summary.txt?identityCode=yes`), 400, 400);
    await expectError(nurse.browser.fetch('/api/expert/chat/channels/not-a-uuid/summary.txt'), 400, 400);
    // The nurse writes her note and hands the chat to a colleague, who takes it and writes his own.
    await okData(putNote(nurse.browser, channel.id, 'Hoitajan oma 5521'));
    const colleague = await chatExpert(t, espoo, 'espoo-nurse', { firstName: 'Pekka', lastName: 'Lääkäri' });
    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${channel.id}/transfer`, { expertId: colleague.expertId }));
    await okData(postJson(colleague.browser, `/api/expert/chat/channels/${channel.id}/accept`));
    await okData(putNote(colleague.browser, channel.id, 'Lääkärin oma 8830'));
    const hers = await (await nurse.browser.fetch(`/api/expert/chat/channels/${channel.id}/summary.txt?lang=en`)).text();
    expect(hers).toContain('Professional: Hanna Hoitaja, Pekka Lääkäri');
    expect(hers).toContain('Hoitajan oma 5521');
    expect(hers).not.toContain('8830');
    const his = await (await colleague.browser.fetch(`/api/expert/chat/channels/${channel.id}/summary.txt?lang=en`)).text();
    expect(his).toContain('Lääkärin oma 8830');
    expect(his).not.toContain('5521');
    expect(await okData<VisitNote>(colleague.browser.fetch(`/api/expert/chat/channels/${channel.id}/note`))).toMatchObject({
      text: 'Lääkärin oma 8830',
    });
  });
});

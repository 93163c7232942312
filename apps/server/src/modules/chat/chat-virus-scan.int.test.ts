import { readdir } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChatChannel, ChatMessage } from '@prsp/contracts';
import { chatMessages, files } from '../../db/schema';
import { onboardedPatients } from '../booking/booking.steps';
import { okData, organisationBySlug, postJson } from '../patients/patient.steps';
import { clamdMissing, eicar, startClamd, type RunningClamd } from '../../test/clamd';
import type { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { chatExpert, serviceId, tinyPdf, uploadFile } from './chat.steps';

/** A PDF (so it passes the type check and reaches the scanner) that carries the EICAR test string in a comment. */
const infectedPdf = () => Buffer.concat([tinyPdf(), Buffer.from(`%${eicar().toString('latin1')}\n`, 'latin1')]);

/** Chat attachments scanned by a real clamd (CLAMD_URL set) whose only signature is the EICAR test string's. */
describe.skipIf(clamdMissing !== null)(
  clamdMissing ? `chat attachments scanned by clamd: skipped, ${clamdMissing}` : 'chat attachments scanned by clamd',
  () => {
    let clamd: RunningClamd;
    let t: TestApp;
    let patient: TestBrowser;
    let channel: ChatChannel;

    beforeAll(async () => {
      clamd = await startClamd();
      t = await startTestApp({ CLAMD_URL: clamd.url, CLAMD_TIMEOUT_MS: '10000' });
      const espoo = (await organisationBySlug(t, 'espoo-demo')).id;
      [patient] = (await onboardedPatients(t, espoo, 1)) as [TestBrowser];
      const nurse = await chatExpert(t, espoo, 'espoo-nurse');
      channel = await okData<ChatChannel>(postJson(patient, '/api/chat/channels', { serviceId: await serviceId(t, espoo, 'nurse') }));
      await okData(postJson(nurse.browser, `/api/expert/chat/channels/${channel.id}/accept`));
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await clamd?.stop();
    });

    /** What the upload left behind: file rows and file messages of the channel, and files in the store's directory. */
    async function stored() {
      const db = t.database.db;
      const rows = await db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.ownerKind, 'chatChannel'), eq(files.ownerId, channel.id)));
      const messages = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.channelId, channel.id), eq(chatMessages.kind, 'file')));
      const onDisk = (await readdir(t.config.files.dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
      return { rows: rows.length, messages: messages.length, onDisk: onDisk.length };
    }

    test('an attachment with the EICAR test string is refused 400 attachmentInfected, and nothing is stored', async () => {
      const res = await uploadFile(patient, channel.id, { name: 'lab results.pdf', bytes: infectedPdf(), type: 'application/pdf' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ fields: [{ field: 'file', messageKey: 'fields.attachmentInfected' }] });
      expect(await stored()).toEqual({ rows: 0, messages: 0, onDisk: 0 });
    });

    test('a clean attachment is scanned and sent', async () => {
      const res = await uploadFile(patient, channel.id, { name: 'clean.pdf', bytes: tinyPdf(), type: 'application/pdf' });
      expect(res.status).toBe(200);
      expect((await okData<ChatMessage>(Promise.resolve(res))).kind).toBe('file');
      expect(await stored()).toEqual({ rows: 1, messages: 1, onDisk: 1 });
    });

    // Last: it stops clamd.
    test('with clamd gone the upload is refused (500), never stored unscanned', async () => {
      await clamd.stop();
      const before = await stored();
      const res = await uploadFile(patient, channel.id, { name: 'other.pdf', bytes: tinyPdf(), type: 'application/pdf' });
      expect(res.status).toBe(500);
      expect(await stored()).toEqual(before);
    });
  },
);

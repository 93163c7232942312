import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../db/client';
import { createMailTransport } from '../../platform/mail/smtp-transport';
import { openTestDatabase } from '../../test/test-database';
import { findCaughtEmail, listCaughtEmails } from './inbox.repo';
import { startMailCatcher } from './mail-catcher';

const log = { info: () => undefined, warn: () => undefined };

let database: Database;
let blocker: Server;
let takenPort: number;
beforeAll(async () => {
  database = await openTestDatabase();
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  takenPort = (blocker.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => blocker.close(resolve));
  await database.close();
});

test('is refused in production', async () => {
  await expect(startMailCatcher({ db: database.db, port: 0, production: true, log })).rejects.toThrow(/refused in production/);
});

test('when its port is taken it listens on a free one, and keeps what it receives over SMTP in the database', async () => {
  const catcher = await startMailCatcher({ db: database.db, port: takenPort, production: false, log });
  try {
    expect(catcher.port).not.toBe(takenPort);
    const transport = createMailTransport({ catcherPort: catcher.port })!;
    await transport.sendMail({
      from: { name: 'Espoo', address: 'noreply@espoo.example' },
      to: ['First@Test.example', 'second@test.example'],
      subject: 'Hei – ääkköset',
      text: 'Linkki: https://x.example/a',
      html: '<p><a href="https://x.example/a">x</a></p>',
    });
    const [summary] = await listCaughtEmails(database.db, 'first@test.example');
    expect(summary).toMatchObject({ toAddresses: ['first@test.example', 'second@test.example'], subject: 'Hei – ääkköset' });
    const row = await findCaughtEmail(database.db, summary!.id);
    expect(row).toMatchObject({ fromAddress: '"Espoo" <noreply@espoo.example>', text: 'Linkki: https://x.example/a' });
    expect(row!.html).toContain('<a href="https://x.example/a">');
  } finally {
    await catcher.close();
  }
});

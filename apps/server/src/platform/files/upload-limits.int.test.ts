import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { organisationBySlug } from '../../modules/patients/patient.steps';
import { onboardedPatients } from '../../modules/booking/booking.steps';
import type { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';

/**
 * Uploads that would hold the server: a body declaring far more than the limits (refused before it is read) and a
 * body that trickles in (its connection cut once it falls behind the upload pace). Both through a raw socket, as an
 * attacker sends them.
 */
let t: TestApp;
let patient: TestBrowser;
beforeAll(async () => {
  // A pace of one second's grace, so the trickle is cut within seconds.
  t = await startTestApp({ UPLOAD_GRACE_SECONDS: '1', UPLOAD_MIN_BYTES_PER_SECOND: '1024' });
  [patient] = (await onboardedPatients(t, (await organisationBySlug(t, 'espoo-demo')).id, 1)) as [TestBrowser];
});
afterAll(() => t.close());

const BOUNDARY = 'prspboundary';

/** Opens a chat file upload by hand: the request line and headers, as the patient's browser would send them. */
function startUpload(contentLength: number): { socket: Socket; answer: Promise<string>; closed: Promise<void> } {
  const url = new URL(t.baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  const cookie = ['prsp_session', 'prsp_csrf'].map((n) => `${n}=${patient.cookie(n)}`).join('; ');
  socket.write(
    [
      `POST /api/chat/channels/${randomUUID()}/files HTTP/1.1`,
      `Host: ${url.host}`,
      `Origin: ${url.origin}`,
      `Cookie: ${cookie}`,
      `x-csrf-token: ${patient.cookie('prsp_csrf')}`,
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
      `Content-Length: ${contentLength}`,
      '',
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    ].join('\r\n'),
  );
  let received = '';
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) resolve(received);
    });
    socket.on('close', () => resolve(received));
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => undefined);
  return { socket, answer, closed };
}

test('a body declaring 500 MB is answered 413 at once, before any more of it is sent', async () => {
  const { socket, answer } = startUpload(500 * 1024 * 1024);
  const head = await answer;
  socket.destroy();
  expect(head).toMatch(/^HTTP\/1\.1 413 /);
  expect(head).toContain('"errorKey":"errors.tooLarge"');
});

test('a body that trickles in (50 bytes every 200 ms) has its connection cut once it falls behind the pace', async () => {
  const { socket, closed } = startUpload(100_000);
  let sent = 0;
  let open = true;
  void closed.then(() => (open = false));
  // At most 30 seconds of trickling: the pace (1 KB/s after 1 s) cuts it long before.
  while (open && sent < 150) {
    socket.write('x'.repeat(50));
    sent += 1;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await closed;
  expect(sent).toBeLessThan(150);
});

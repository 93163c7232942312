import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../../db/client';
import { insertCaughtEmail } from './inbox.repo';

export type MailCatcher = {
  /** The port it listens on: the configured one, or a free one when that was taken or 0 was asked for. */
  port: number;
  close(): Promise<void>;
};

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

function addressText(from: AddressObject | AddressObject[] | undefined): string {
  if (!from) return '';
  return Array.isArray(from) ? from.map((a) => a.text).join(', ') : from.text;
}

/**
 * The built-in SMTP catcher for the demo and tests: a real SMTP server on loopback that accepts every
 * message and keeps it in `caught_emails` for the inbox, with its attachments. Port 0 takes a free port (tests).
 */
export async function startMailCatcher(opts: { db: Db; port: number; production: boolean; log: Log }): Promise<MailCatcher> {
  if (opts.production) throw new Error('the built-in mail catcher is refused in production');
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: MAX_MESSAGE_BYTES,
    banner: 'PRSP mail catcher (demo only)',
    closeTimeout: 1000,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (stream.sizeExceeded) throw Object.assign(new Error('message too large'), { responseCode: 552 });
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          // An invitation's inline calendar part (in multipart/alternative, without Content-Disposition) repeats its
          // .ics attachment: the inbox lists the files only.
          const files = parsed.attachments.filter((a) => a.contentType !== 'text/calendar' || a.headers.has('content-disposition'));
          const id = await insertCaughtEmail(opts.db, {
            toAddresses: to,
            fromAddress: addressText(parsed.from) || (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            attachments: files.length
              ? files.map((a, i) => ({
                  filename: a.filename ?? `attachment-${i + 1}`,
                  contentType: a.contentType,
                  contentBase64: a.content.toString('base64'),
                }))
              : null,
          });
          opts.log.info({ caughtEmailId: id }, 'mail catcher received a message');
        })
        .then(
          () => callback(),
          (err: Error) => callback(err),
        );
    },
  });
  // Connection errors (a client hanging up) must not end the process.
  server.on('error', (err: Error & { code?: string }) => opts.log.warn({ code: err.code }, 'mail catcher connection error'));

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen(opts.port);
  } catch (err) {
    if ((err as { code?: string }).code !== 'EADDRINUSE' || opts.port === 0) throw err;
    // Another process (a second instance, the browser tests' second server) has the port: take a free
    // one, so this instance's mail still lands in its own database and its own inbox.
    opts.log.warn({ port: opts.port }, 'mail catcher port in use: listening on a free port instead');
    await listen(0);
  }
  const port = (server.server.address() as AddressInfo).port;
  opts.log.info({ port }, 'mail catcher listening on 127.0.0.1');
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

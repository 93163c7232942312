import nodemailer, { type SendMailOptions } from 'nodemailer';

/** What e-mail delivery (the `mail.send` job) needs of a mail transport; nodemailer's transporter is one. */
export type MailTransport = { sendMail(message: SendMailOptions): Promise<unknown>; close?(): void };

// nodemailer waits up to 2 minutes to connect and 10 minutes on an idle socket by default:
// far longer than a `mail.send` job's lease, after which another runner could send the same mail.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/**
 * The SMTP transport: the configured server (`SMTP_URL`, e.g. `smtps://user:pass@host:465` or
 * `smtp://host:587` with STARTTLS when offered), else the built-in catcher on loopback, else none.
 */
export function createMailTransport(target: { smtpUrl?: string; catcherPort?: number | null }): MailTransport | null {
  // Pooled: a few connections kept open and reused, as a morning's rush sends thousands of confirmations; one
  // connection (TCP, greeting, EHLO, TLS, AUTH) per message would cost the relay and us more than the message.
  if (target.smtpUrl) return nodemailer.createTransport({ url: target.smtpUrl, pool: true, ...TIMEOUTS });
  if (target.catcherPort) {
    // The catcher speaks plain SMTP on loopback only; there is nothing to encrypt against.
    return nodemailer.createTransport({ host: '127.0.0.1', port: target.catcherPort, secure: false, ignoreTLS: true, ...TIMEOUTS });
  }
  return null;
}

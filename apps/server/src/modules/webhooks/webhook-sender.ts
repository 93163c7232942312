import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { guardedLookup, hostIsPrivate, PrivateAddressError, type AddressPolicy } from './webhook-address';

/** How long a receiver has to answer (the Standard Webhooks spec suggests 15–30 s; ours are small answers). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a refusing receiver's answer is kept for the admin's list, after removing all but plain characters. */
const EXCERPT_CHARS = 120;

export type SendResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** A short, printable excerpt of a receiver's answer body (its own text, never ours): for the admin, not for logs. */
export function safeExcerpt(body: string): string {
  return body
    .replace(/[^\x20-\x7E\u00A0-\u024F]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, EXCERPT_CHARS);
}

/**
 * POSTs one signed body and says how it went: 2xx is delivered; anything else (a redirect too: they are not
 * followed, the admin fixes the URL), a timeout or a connection error is a failure to retry. Connects only to
 * addresses the policy allows (webhook-address.ts), checked at connection time.
 */
export function postWebhook(url: string, body: string, headers: Record<string, string>, policy: AddressPolicy): Promise<SendResult> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    // A literal address is connected to without a lookup, and `localhost` may never be asked of DNS: checked here.
    if (policy.production && hostIsPrivate(target)) {
      const err = new PrivateAddressError();
      return finish({ ok: false, status: null, error: `could not connect (${err.code}): ${err.message}` });
    }
    const req = send(
      target,
      {
        method: 'POST',
        // A fresh connection every time: a kept-alive socket would skip the lookup that checks the address.
        agent: false,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(policy),
        timeout: WEBHOOK_TIMEOUT_MS,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          // Only the start is ever looked at; the rest is read and dropped so the connection ends cleanly.
          if (size < 1024) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => {
          if (status >= 200 && status < 300) return finish({ ok: true, status });
          const excerpt = safeExcerpt(Buffer.concat(chunks).toString('utf8'));
          finish({ ok: false, status, error: `receiver answered ${status}${excerpt ? `: ${excerpt}` : ''}` });
        });
        res.on('error', () => finish({ ok: false, status, error: `receiver answered ${status}; the answer broke off` }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err: NodeJS.ErrnoException) => {
      const reason =
        err.name === 'AbortError' || err.name === 'TimeoutError' || err.message === 'timeout'
          ? `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`
          : `could not connect (${err.code ?? err.name})${err.code === 'EWEBHOOKPRIVATE' ? `: ${err.message}` : ''}`;
      finish({ ok: false, status: null, error: reason });
    });
    req.end(body);
  });
}

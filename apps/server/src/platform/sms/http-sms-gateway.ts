import { SmsGatewayError, type SmsGateway, type SmsMessage } from './sms-gateway';

export type HttpSmsGatewayOptions = {
  /** The gateway's base URL (`SMS_GATEWAY_URL`); messages are posted to `{url}/messages`. */
  url: string;
  /** Sent as `Authorization: Bearer {apiKey}` (`SMS_API_KEY`). */
  apiKey: string;
  /** Connection and answer together, in milliseconds (default 10 s). */
  timeoutMs?: number;
  /** The fetch to use (tests); the global one by default. */
  fetch?: typeof fetch;
};

export const SMS_GATEWAY_TIMEOUT_MS = 10_000;

/**
 * The HTTP SMS-gateway client (protocol in docs/notifications.md): `POST {url}/messages` with a JSON body
 * `{to, from, text}` and a bearer API key; any 2xx answer means the gateway accepted the message. Anything else,
 * a network error or no answer within the timeout throws `SmsGatewayError`, whose message names the cause only
 * (the number and the text never reach logs or the jobs table); the `sms.send` job retries it with backoff.
 */
export function createHttpSmsGateway(options: HttpSmsGatewayOptions): SmsGateway {
  const endpoint = `${options.url.replace(/\/+$/, '')}/messages`;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? SMS_GATEWAY_TIMEOUT_MS;
  return {
    async send(message: SmsMessage): Promise<void> {
      let res: Response;
      try {
        res = await doFetch(endpoint, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ to: message.to, from: message.from, text: message.text }),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const e = err as { name?: string; cause?: { code?: unknown } };
        if (e?.name === 'TimeoutError' || e?.name === 'AbortError') {
          throw new SmsGatewayError(`no answer from the SMS gateway within ${timeoutMs} ms`);
        }
        const code = typeof e?.cause?.code === 'string' ? ` (${e.cause.code})` : '';
        throw new SmsGatewayError(`the SMS gateway could not be reached${code}`);
      }
      // The body is read and dropped: it may echo the message, and an unread body keeps the connection busy.
      await res.arrayBuffer().catch(() => undefined);
      if (res.status < 200 || res.status > 299) {
        throw new SmsGatewayError(`the SMS gateway refused the message: HTTP ${res.status}`, res.status);
      }
    },
  };
}

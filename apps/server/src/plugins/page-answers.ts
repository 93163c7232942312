import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_ANSWERS_ID } from '@prsp/contracts';

/**
 * What the patient app's guards ask before they can show any page: the session, then, once signed in, the onboarding
 * status and the organisation's config (apps/web/src/areas/patient/patient-state.ts asks in the same order). On a
 * slow mobile network each question is a round trip after the scripts have run; written into the page, they cost none.
 */
export const PAGE_ANSWER_PATHS = { session: '/api/auth/check', signedIn: ['/api/patient/status', '/api/config'] } as const;

/** Headers of the page's request that the API's answer may depend on (who asks, from where, in which language). */
const FORWARDED = ['host', 'user-agent', 'accept-language', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];

export type PageAnswers = {
  /** Each path's answer envelope, exactly as the API sends it. */
  answers: Record<string, unknown>;
  /** The cookies the API set while answering (the CSRF token on a first visit), for the page's own answer. */
  setCookies: string[];
};

/**
 * The API's own answers to the guards' GETs, asked with the caller's cookies and address through every hook (session,
 * CSRF cookie, metrics, access rules), so the page carries nothing the caller could not have fetched at that moment.
 */
export async function pageAnswers(app: FastifyInstance, req: FastifyRequest): Promise<PageAnswers> {
  // The caller's cookies as they came (name → encoded value), and those the API sets on the way, as a browser would.
  const jar = new Map<string, string>();
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  const setCookies = new Map<string, string>();
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of FORWARDED) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const ask = async (path: string): Promise<unknown> => {
    const res = await app.inject({
      method: 'GET',
      url: path,
      remoteAddress: req.socket.remoteAddress,
      headers: { ...headers, cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    const raw = res.headers['set-cookie'];
    for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
      const pair = line.split(';', 1)[0]!;
      const name = pair.slice(0, pair.indexOf('=')).trim();
      // A cleared cookie (Max-Age=0) leaves the jar; any other is sent with the next question.
      if (/;\s*max-age=0\b/i.test(line)) jar.delete(name);
      else jar.set(name, pair.slice(pair.indexOf('=') + 1));
      setCookies.set(name, line);
    }
    return res.json();
  };
  const answers: Record<string, unknown> = {};
  const session = await ask(PAGE_ANSWER_PATHS.session);
  answers[PAGE_ANSWER_PATHS.session] = session;
  if ((session as { status?: string }).status === 'ok') {
    const rest = await Promise.all(PAGE_ANSWER_PATHS.signedIn.map(ask));
    PAGE_ANSWER_PATHS.signedIn.forEach((path, i) => (answers[path] = rest[i]));
  }
  return { answers, setCookies: [...setCookies.values()] };
}

/**
 * The page with its answers in a JSON script element, which the browser never runs (so the content security policy
 * needs no exception). `<` is escaped so no text an admin wrote into the config can close the element.
 */
export function withPageAnswers(html: string, answers: Record<string, unknown>): string {
  const json = JSON.stringify(answers).replaceAll('<', '\\u003c');
  return html.replace('</head>', () => `<script type="application/json" id="${PAGE_ANSWERS_ID}">${json}</script></head>`);
}

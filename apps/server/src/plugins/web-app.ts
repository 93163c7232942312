import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SURVEY_RUNNER_PATH } from '@prsp/contracts';
import { surveyRunnerPageHeaders } from '../platform/survey-runner-page';
import { decodedPath } from './api-path';
import { pageAnswers, withPageAnswers } from './page-answers';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The staff apps' routes: their pages carry no patient answers (they ask the staff API, spec §7). */
const STAFF_AREAS = /^\/(expert|admin)(\/|$)/;

/**
 * Serves the built single-page app: hashed assets cached for a year, everything else
 * that is not an API path falls back to index.html so client-side routes load.
 */
export async function webAppRoutes(app: FastifyInstance, opts: { root: string }) {
  const root = path.resolve(opts.root);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ root }, 'web app not built: run `npm run build`');
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const asset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', asset ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The survey runner's sandboxed frame has an opaque origin: its module scripts and styles load in CORS mode.
      if (asset) res.header('access-control-allow-origin', '*');
    },
  });
  // The survey runner (docs/surveys.md): a page of its own, framed by the app only.
  app.get(SURVEY_RUNNER_PATH, async (_req, reply) => surveyRunnerPageHeaders(reply).sendFile('survey-runner.html'));
  app.get('/*', async (req, reply) => {
    const route = decodedPath(req);
    if (route.startsWith('/api/') || route.startsWith('/test-idp/')) throw await app.notFound(req);
    const html = STAFF_AREAS.test(route) || req.method !== 'GET' ? undefined : await readFile(index, 'utf8').catch(() => undefined);
    if (html === undefined) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    // The patient's page carries the answers its first render needs (plugins/page-answers.ts): they are the
    // caller's own, so no cache may keep the page.
    const { answers, setCookies } = await pageAnswers(app, req);
    for (const cookie of setCookies) reply.header('set-cookie', cookie);
    reply.header('cache-control', 'no-store').header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
    return compressed(withPageAnswers(html, answers), req.headers['accept-encoding'], (encoding) =>
      reply.header('content-encoding', encoding),
    );
  });
}

/** The page compressed as the browser accepts (a third of the bytes on the slow networks it is written for). */
async function compressed(text: string, accepted: string | undefined, setEncoding: (encoding: string) => void): Promise<Buffer | string> {
  if (accepted?.includes('br')) {
    setEncoding('br');
    return brotli(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (accepted?.includes('gzip')) {
    setEncoding('gzip');
    return gzipped(text);
  }
  return text;
}

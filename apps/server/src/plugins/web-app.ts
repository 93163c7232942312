import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SURVEY_RUNNER_PATH } from '@prsp/contracts';
import { surveyRunnerPageHeaders } from '../modules/surveys/survey-runner-page';
import { AppError } from '../platform/app-error';
import { decodedPath } from './api-path';

/**
 * Serves the built single-page app: hashed assets cached for a year, everything else
 * that is not an API path falls back to index.html so client-side routes load.
 */
export async function webAppRoutes(app: FastifyInstance, opts: { root: string }) {
  const root = path.resolve(opts.root);
  if (!existsSync(path.join(root, 'index.html'))) {
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
    const path = decodedPath(req);
    if (path.startsWith('/api/') || path.startsWith('/test-idp/')) throw new AppError(404);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

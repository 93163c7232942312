import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase } from './test-database';

/**
 * The OpenAPI document as the demo serves it (stand-ins on, every module registered), without listening on a port:
 * the app is built on a fresh in-memory database and asked for its document (what `/api/docs` answers).
 */
export async function demoOpenApiDocument(): Promise<Record<string, unknown>> {
  const database = await openTestDatabase();
  try {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MAIL_CATCHER_PORT: '0', API_DOCS: 'public' });
    const app = await buildApp({ config, database });
    try {
      await app.ready();
      return structuredClone(app.swagger()) as unknown as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** The TypeScript types of the document (`paths`, `components`, `operations`), as `npm run api:types` writes them. */
export async function apiTypesSource(document: Record<string, unknown>): Promise<string> {
  const header = '// Generated from the OpenAPI document by `npm run api:types` (docs/openapi.md): do not edit, do not commit.\n';
  return header + astToString(await openapiTS(document as never));
}

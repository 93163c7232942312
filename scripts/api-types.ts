import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { apiTypesSource, demoOpenApiDocument } from '../apps/server/src/test/openapi-document';

/**
 * `npm run api:types`: TypeScript types for the web app's API client from the server's OpenAPI document (the demo's,
 * built in memory: no server needs to run), written to a git-ignored file (docs/openapi.md).
 */
const OUT = path.resolve(import.meta.dirname, '../apps/web/src/api/generated/openapi.d.ts');

await mkdir(path.dirname(OUT), { recursive: true });
await writeFile(OUT, await apiTypesSource(await demoOpenApiDocument()));
console.log(`API types written to ${path.relative(process.cwd(), OUT)}`);

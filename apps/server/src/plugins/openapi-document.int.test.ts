import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import ts from 'typescript';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiTypesSource } from '../test/openapi-document';
import { startTestApp, type TestApp } from '../test/test-app';

type Operation = { operationId?: string; summary?: string; security?: unknown[]; responses: Record<string, Response> };
type Response = { content?: Record<string, { schema?: { $ref?: string } }> };
type Document = { paths: Record<string, Record<string, Operation>> };

// The demo's document: the app as the demo runs it, stand-ins (test identity provider, mandates, inboxes) on.
let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await startTestApp();
  doc = (await (await fetch(`${t.baseUrl}/api/docs`)).json()) as Document;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));

const ERROR_REFS: Record<string, string> = { '/api/': 'ErrorEnvelope', '/fhir/oauth2/': 'OAuthError', '/fhir/R4/': 'OperationOutcome' };
const errorRefOf = (path: string) => `#/components/schemas/${Object.entries(ERROR_REFS).find(([prefix]) => path.startsWith(prefix))![1]}`;

test('swagger-parser finds the document valid OpenAPI', async () => {
  await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
});

test("Redocly's recommended rules find no error", async () => {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
  const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
  expect(errors).toEqual([]);
});

test('only the API is documented: no stand-in, inbox, page or wildcard route', () => {
  for (const path of Object.keys(doc.paths)) {
    expect(path).toMatch(/^\/(api|fhir)\//);
    expect(path).not.toMatch(/^\/api\/dev\/|\*/);
  }
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/admin/users/{id}/lock', '/fhir/R4/{type}/{id}']));
});

test('every operation has a unique operationId, a summary, its security and its error answers', () => {
  const ids = operations().map(({ op }) => op.operationId);
  expect(new Set(ids).size).toBe(ids.length);
  for (const { path, method, op } of operations()) {
    const label = `${method.toUpperCase()} ${path}`;
    expect(op.operationId, label).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
    expect(op.summary, label).toMatch(/^[A-Z][^.]*[^.\s]$/);
    expect(op.security, label).toBeInstanceOf(Array);
    const errors = Object.entries(op.responses).filter(([status]) => /^[45]\d\d$/.test(status));
    expect(
      errors.map(([status]) => status),
      label,
    ).toContain('500');
    for (const [status, answer] of errors) {
      expect(Object.values(answer.content ?? {})[0]?.schema?.$ref, `${label} ${status}`).toBe(errorRefOf(path));
    }
    // A public read without input has nothing a caller can get wrong; every other operation can be refused.
    const canBeRefused = op.security!.length > 0 || path.includes('{') || method !== 'get' || 'parameters' in op;
    if (canBeRefused)
      expect(
        errors.some(([status]) => status.startsWith('4')),
        label,
      ).toBe(true);
  }
});

test('security follows the access: session and CSRF for a change, a guest token, OAuth for FHIR, none for public reads', () => {
  expect(doc.paths['/api/admin/users/{id}/lock']!.post!.security).toEqual([{ sessionCookie: [], csrfCookie: [], csrfHeader: [] }]);
  expect(doc.paths['/api/user/info']!.get!.security).toEqual([{ sessionCookie: [] }]);
  expect(doc.paths['/api/guest/appointment-data/{uuid}']!.get!.security).toEqual([{ guestToken: [] }]);
  expect(doc.paths['/api/survey-runner/answers']!.post!.security).toEqual([{ surveyToken: [] }]);
  expect(doc.paths['/fhir/R4/{type}/{id}']!.get!.security).toEqual([{ apiClientOAuth: [] }]);
  expect(doc.paths['/api/list/countries']!.get!.security).toEqual([]);
  const errors = Object.keys(doc.paths['/api/admin/users/{id}/lock']!.post!.responses);
  expect(errors).toEqual(['200', '400', '401', '403', '404', '500']);
});

test('the uploads declare their multipart body with the files as binary', () => {
  const bodies = operations().filter(({ op }) =>
    JSON.stringify((op as { requestBody?: unknown }).requestBody ?? {}).includes('multipart/form-data'),
  );
  expect(bodies.map(({ path }) => path).sort()).toEqual([
    '/api/admin/organisation/create',
    '/api/admin/organisation/update',
    '/api/chat/channels/{id}/files',
    '/api/expert/async-messaging/categories/{id}/reply/{requestId}',
    '/api/expert/async-messaging/conversations/{id}/send-message',
    '/api/expert/async-messaging/create-conversation',
    '/api/patient/async-messaging/conversations/{id}/send-message',
    '/api/patient/async-messaging/request-conversation',
  ]);
  expect(JSON.stringify(doc.paths['/api/chat/channels/{id}/files']!.post)).toContain('"file":{"type":"string","format":"binary"}');
});

test('openapi-typescript makes types from it that a client can use', async () => {
  const files: Record<string, string> = {
    '/api/openapi.d.ts': await apiTypesSource(doc as never),
    '/api/use.ts': [
      "import type { components, paths } from './openapi';",
      "type UserInfo = paths['/api/user/info']['get']['responses'][200]['content']['application/json'];",
      "type LockRefused = paths['/api/admin/users/{id}/lock']['post']['responses'][403]['content']['application/json'];",
      "export const status: UserInfo['status'] = 'ok';",
      "export const refused: LockRefused = { status: 'error', statusCode: 403, errorKey: 'errors.forbidden', message: '' };",
      "export const envelope: components['schemas']['ErrorEnvelope']['status'] = 'error';",
    ].join('\n'),
  };
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => files[name] ?? readFile(name);
  host.fileExists = (name) => name in files || ts.sys.fileExists(name);
  host.directoryExists = (name) => name === '/api' || ts.sys.directoryExists(name);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language) =>
    name in files ? ts.createSourceFile(name, files[name]!, language) : getSourceFile(name, language);
  const program = ts.createProgram(['/api/use.ts'], options, host);
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  expect(diagnostics).toEqual([]);
});

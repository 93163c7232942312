import type * as FastifyModuleNs from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { refusesControlCharacters } from '@prsp/contracts';
import type { z } from 'zod/mini';
import { startTestApp, type TestApp } from '../test/test-app';
import { TestBrowser } from '../test/http-client';
import { reachCallback } from '../test/login.steps';

// Every route the app adds, with its schemas: fastify itself is wrapped so the hook is there before the first route.
const seen = vi.hoisted(() => ({ routes: [] as RouteOptions[] }));
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<FastifyModule>();
  const wrapped = ((opts: object) => {
    const app = mod.default(opts);
    app.addHook('onRoute', (route) => void seen.routes.push(route));
    return app;
  }) as unknown as typeof mod.default;
  return { ...mod, default: wrapped, fastify: wrapped };
});

type FastifyModule = typeof FastifyModuleNs;
type AnySchema = z.ZodMiniType & { _zod: { def: Record<string, unknown> & { type: string } } };

/** Paths of the string values a schema accepts that let control characters through. */
function openStrings(schema: AnySchema, path: string, out: string[], depth = 0): string[] {
  if (depth > 20) return out;
  const def = schema._zod.def;
  const next = (s: unknown, p: string) => openStrings(s as AnySchema, p, out, depth + 1);
  switch (def.type) {
    case 'string': {
      // A string format (e-mail, uuid, ISO date) admits no control character; anything else needs the rule.
      const hasFormat = typeof def.format === 'string' && def.format !== 'regex';
      if (!hasFormat && !refusesControlCharacters(schema as unknown as z.ZodMiniString)) out.push(path);
      break;
    }
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) next(value, `${path}.${key}`);
      break;
    case 'array':
      next(def.element, `${path}[]`);
      break;
    case 'record':
      next(def.keyType, `${path}{key}`);
      next(def.valueType, `${path}{}`);
      break;
    case 'union':
      (def.options as unknown[]).forEach((o, i) => next(o, `${path}|${i}`));
      break;
    case 'tuple':
      (def.items as unknown[]).forEach((o, i) => next(o, `${path}[${i}]`));
      break;
    case 'intersection':
      next(def.left, path);
      next(def.right, path);
      break;
    case 'pipe':
      next(def.in, path);
      break;
    case 'lazy':
      next((def.getter as () => unknown)(), path);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      next(def.innerType, path);
      break;
    default:
      break;
  }
  return out;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('control characters are refused at the contract', () => {
  test('every string of every request schema (body, query, params) refuses control characters', () => {
    const api = seen.routes.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(40);
    const open: string[] = [];
    for (const route of api) {
      const schema = route.schema as Record<string, AnySchema | undefined> | undefined;
      for (const part of ['body', 'querystring', 'params'] as const) {
        const s = schema?.[part];
        if (s && '_zod' in s) open.push(...openStrings(s, `${[route.method].flat().join(',')} ${route.url} ${part}`, []));
      }
    }
    expect(open).toEqual([]);
  });

  test('a NUL in the contact fields answers 400 with a field error per field, not 500', async () => {
    const browser = new TestBrowser(t.baseUrl);
    await browser.fetch(await reachCallback(browser, '010190-124N'));
    const body = {
      street: 'Katu\u00001',
      code: '02100',
      city: 'Espoo\u0000',
      mobile: '0401234567',
      email: 'aino\u0000@test.example',
      country: 'fi',
      nationality: 'fi',
    };
    const res = await browser.fetch('/api/contact?lang=en', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { errorKey: string; fields: { field: string; messageKey: string; message: string }[] };
    expect(json.errorKey).toBe('errors.validation');
    expect(json.fields).toEqual(
      ['street', 'city', 'email'].map((field) => ({
        field,
        messageKey: 'fields.controlCharacters',
        message: 'The text contains characters that are not allowed (control or formatting characters).',
      })),
    );
  });
});

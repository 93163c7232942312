import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import rules of eslint.config.js, run on sample code as if it were in the tree (`npm run lint` runs the same).
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function rulesHit(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  // Each rule once: a path may fall in several zones of the same rule.
  return [...new Set((result?.messages ?? []).map((m) => m.ruleId ?? m.message).filter((id) => id.startsWith('import-x/')))];
}

describe('import boundaries in lint', () => {
  it('an area may not import another area, but may use components, lib and features', async () => {
    expect(await rulesHit('apps/web/src/areas/admin/sample.tsx', "export * from '../patient/route-rules';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(
      await rulesHit(
        'apps/web/src/areas/admin/sample.tsx',
        "export * from '../../components/ui/pager';\nexport * from '../../lib/format';\nexport * from '../../features/staff/staff-api';\nexport * from './admin-menu';\n",
      ),
    ).toEqual([]);
  });

  // Each feature folder gets its own zone when lint starts, so a new feature is fenced in as soon as it exists.
  it('a feature may not import an area or another feature', async () => {
    expect(await rulesHit('apps/web/src/features/staff/sample.ts', "export * from '../../areas/expert/expert-menu';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('components and lib import neither areas nor features', async () => {
    expect(await rulesHit('apps/web/src/components/ui/sample.ts', "export * from '../../features/staff/staff-api';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await rulesHit('apps/web/src/lib/sample.ts', "export * from '../areas/patient/route-rules';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it("a server module may use another module's service, not its repository or tables", async () => {
    const file = 'apps/server/src/modules/booking/sample.ts';
    expect(await rulesHit(file, "export * from '../organisations/organisations.repo';\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await rulesHit(file, "export * from '../organisations/organisations.tables';\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await rulesHit(file, "export * from '../organisations/organisations.service';\nexport * from '../../db/schema';\n")).toEqual([]);
  });

  it('server code never imports test support; tests and steps may', async () => {
    const hits = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return (result?.messages ?? []).map((m) => m.ruleId).filter((id) => id === 'no-restricted-imports');
    };
    const steps = "export * from './booking.steps';\nexport * from '../../test/test-app';\n";
    expect(await hits('apps/server/src/modules/booking/sample.ts', steps)).toEqual(['no-restricted-imports', 'no-restricted-imports']);
    expect(await hits('apps/server/src/modules/booking/sample.test.ts', steps)).toEqual([]);
    expect(await hits('apps/server/src/modules/booking/sample.steps.ts', steps)).toEqual([]);
  });
}, 120_000);

describe("the web app's `@/` imports in lint", () => {
  const ruleIds = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
  };

  it('an import climbs at most one folder; `@/…` reaches the rest', async () => {
    const file = 'apps/web/src/areas/admin/users/sample.tsx';
    expect(await ruleIds(file, "export * from '../../../components/ui/pager';\nexport * from '../../admin-menu';\n")).toEqual([
      'no-restricted-imports',
      'no-restricted-imports',
    ]);
    expect(
      await ruleIds(file, "export * from '@/components/ui/pager';\nexport * from '../admin-menu';\nexport * from './user-modal';\n"),
    ).toEqual([]);
  });

  it('the import zones hold for `@/…` imports too', async () => {
    expect(await ruleIds('apps/web/src/areas/admin/sample.tsx', "export * from '@/areas/patient/route-rules';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await ruleIds('apps/web/src/features/staff/sample.ts', "export * from '@/features/chat/chat-composer';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await ruleIds('apps/web/src/components/ui/sample.ts', "export * from '@/features/staff/staff-api';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });
}, 120_000);

describe('queries stay in repositories in lint', () => {
  const queryRules = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? [])
      .map((m) => m.ruleId)
      .filter((id) => id === '@typescript-eslint/no-restricted-imports' || id === 'no-restricted-syntax');
  };
  const query = [
    "import { eq } from 'drizzle-orm';",
    "import type { Db } from '../../db/client';",
    "import { appointments } from '../../db/schema';",
    'export async function find(db: Db, id: string) {',
    '  return db.select().from(appointments).where(eq(appointments.id, id));',
    '}',
    '',
  ].join('\n');

  it('refuses a drizzle query in a service, and allows it in a *.repo.ts, db/ and tests', async () => {
    expect(await queryRules('apps/server/src/modules/booking/sample.service.ts', query)).toEqual([
      '@typescript-eslint/no-restricted-imports',
      'no-restricted-syntax',
    ]);
    expect(await queryRules('apps/server/src/platform/mail/sample.ts', query)).toHaveLength(2);
    expect(await queryRules('apps/server/src/modules/booking/sample.repo.ts', query)).toEqual([]);
    expect(await queryRules('apps/server/src/db/seed/sample-seed.ts', query)).toEqual([]);
    expect(await queryRules('apps/server/src/modules/booking/sample.int.test.ts', query)).toEqual([]);
  });

  it('refuses writes, raw SQL and relational queries on a transaction; allows types and other update() calls', async () => {
    const file = 'apps/server/src/modules/booking/sample.service.ts';
    const writes = [
      "import type { SQL } from 'drizzle-orm';",
      "import type { Tx } from '../../db/client';",
      'export async function write(tx: Tx, where: SQL) {',
      '  await tx.update(appointments).set({}).where(where);',
      '  await tx.execute(raw);',
      '  return tx.query.appointments.findFirst();',
      '}',
      '',
    ].join('\n');
    expect(await queryRules(file, writes)).toEqual(['no-restricted-syntax', 'no-restricted-syntax', 'no-restricted-syntax']);
    const notQueries = [
      "import { createHash } from 'node:crypto';",
      'const seen = new Map<string, number>();',
      "export const digest = (s: string) => createHash('sha256').update(s).digest('hex');",
      'export const forget = (key: string) => seen.delete(key);',
      '',
    ].join('\n');
    expect(await queryRules(file, notQueries)).toEqual([]);
  });
}, 120_000);

describe('the server modules’ order and the layers below them in lint', () => {
  it('a module imports the services of a module below it, never one above it (type-only imports too)', async () => {
    // booking is above surveys and below reception in eslint.config.js MODULE_ORDER.
    const file = 'apps/server/src/modules/booking/sample.service.ts';
    expect(await rulesHit(file, "export * from '../surveys/survey-responses.service';\n")).toEqual([]);
    expect(await rulesHit(file, "export * from '../surveys/survey-frame.routes';\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await rulesHit(file, "export * from '../chat/chat-channels.service';\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await rulesHit(file, "import type { ChatDeps } from '../chat/chat-channels.service';\nexport type D = ChatDeps;\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it("a module's tests and steps may use any module's steps; its tables any module's keys", async () => {
    expect(await rulesHit('apps/server/src/modules/booking/sample.int.test.ts', "export * from '../chat/chat.steps';\n")).toEqual([]);
    expect(
      await rulesHit('apps/server/src/modules/staff/sample.tables.ts', "export * from '../organisations/organisations.tables';\n"),
    ).toEqual([]);
  });

  it('platform/ and plugins/ import no module; their tests may, their tables may name keys', async () => {
    expect(
      await rulesHit('apps/server/src/platform/mail/sample.ts', "export * from '../../modules/booking/booking-notifications.service';\n"),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(await rulesHit('apps/server/src/plugins/sample.ts', "export * from '../modules/chat/chat.module';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await rulesHit('apps/server/src/plugins/sample.int.test.ts', "export * from '../modules/chat/chat.steps';\n")).toEqual([]);
    expect(
      await rulesHit(
        'apps/server/src/platform/mail/sample.tables.ts',
        "export * from '../../modules/organisations/organisations.tables';\n",
      ),
    ).toEqual([]);
  });

  it('app.ts registers the modules in the order lint holds them to', async () => {
    const { MODULES } = await import('../apps/server/src/app');
    const source = await import('node:fs/promises').then((fs) =>
      fs.readFile(path.resolve(import.meta.dirname, '../eslint.config.js'), 'utf8'),
    );
    const order = [...source.slice(source.indexOf('const MODULE_ORDER')).matchAll(/^ {2}'([a-z-]+)',$/gm)].map((m) => m[1]);
    expect(MODULES.map((m) => (m as unknown as Record<symbol, string>)[Symbol.for('fastify.display-name')])).toEqual(order);
  });
}, 120_000);

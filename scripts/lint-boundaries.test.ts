import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import rules of eslint.config.js, run on sample code as if it were in the tree (`npm run lint` runs the same).
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function rulesHit(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message).filter((id) => id.startsWith('import-x/'));
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

  it('refuses an import cycle', async () => {
    // The language switcher imports lib/i18n; lib/i18n importing it back closes a cycle.
    expect(await rulesHit('apps/web/src/lib/i18n.ts', "export * from '../components/language-switcher';\n")).toEqual(['import-x/no-cycle']);
  });
}, 120_000);

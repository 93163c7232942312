import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

// Layers of the web app (bulletproof-react's import zones): app -> areas -> features -> components, lib.
const WEB = 'apps/web/src';
const webZones = [
  ...folders(`./${WEB}/areas`).map((area) => ({
    target: `${WEB}/areas/${area}`,
    from: `${WEB}/areas`,
    except: [`./${area}`],
    message: 'An area does not import another area: move what both need into features/, components/ or lib/.',
  })),
  ...folders(`./${WEB}/features`).map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: compose them in an area.',
  })),
  {
    target: `${WEB}/features`,
    from: [`${WEB}/areas`, `${WEB}/app`],
    message: 'A feature does not import areas or the app: pass what it needs in.',
  },
  {
    target: [`${WEB}/components`, `${WEB}/lib`],
    from: [`${WEB}/areas`, `${WEB}/features`, `${WEB}/app`],
    message: 'components/ and lib/ are shared by every area: they import no area, feature or app code.',
  },
];

// Server modules talk to each other through services; queries and tables stay inside their module
// (another module's tables come through db/schema when a query must join them).
const MODULES = 'apps/server/src/modules';
const moduleNames = folders(`./${MODULES}`);
const serverZones = moduleNames.flatMap((module) => {
  const others = moduleNames.filter((m) => m !== module);
  return [
    {
      target: `${MODULES}/${module}`,
      from: others.map((other) => `${MODULES}/${other}/**/*.repo.ts`),
      message: "A module uses another module's service, never its repository.",
    },
    {
      // Table files may reference each other's keys; queries take another module's tables from db/schema.
      target: `${MODULES}/${module}/**/!(*.tables).ts`,
      from: others.map((other) => `${MODULES}/${other}/**/*.tables.ts`),
      message: "Another module's tables come through db/schema, not its *.tables.ts.",
    },
  ];
});

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'var/**', 'test-results/**', 'playwright-report/**', 'apps/server/src/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Test support is named for what it is (`*.steps.ts` beside the code it serves, test servers under src/test/) and
  // production code never imports it, so the server's build holds none of it.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.steps.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/*.steps', '**/test/*', '**/*.test'], message: 'Test support is for tests only.' }] },
      ],
    },
  },
  // Command-line tools and tests may talk to whoever runs them; the server logs through pino only.
  { files: ['scripts/**', 'bench/**', 'e2e/**', '**/*.test.ts'], rules: { 'no-console': 'off' } },
);

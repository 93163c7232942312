import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
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

// The server's domain modules, lowest first (docs/architecture.md 'Modules'; app.ts registers them in this order).
// A module imports only modules below it, so their knot cannot grow back; what should happen in a module above after
// a change is an event (platform/events), not a call. Table files may reference any module's keys (foreign keys).
const MODULE_ORDER = [
  'directory',
  'staff',
  'organisations',
  'patients',
  'identity',
  'acting',
  'webhooks',
  'notifications',
  'chat-codes',
  'surveys',
  'booking',
  'chat',
  'messaging',
  'guests',
  'services',
  'fhir',
  'retention',
  'email-templates',
  'statistics',
];
const moduleOrderZones = MODULE_ORDER.flatMap((module, i) => [
  // Below it: only its services, the module's door for others (its repositories, routes and helpers stay inside).
  ...MODULE_ORDER.slice(0, i).map((below) => ({
    target: `${MODULES}/${module}/**/!(*.tables|*.test|*.steps).ts`,
    from: `${MODULES}/${below}/**/!(*.service).ts`,
    message: `${module} uses ${below} through its *.service.ts files only.`,
  })),
  ...MODULE_ORDER.slice(i + 1).map((above) => ({
    target: `${MODULES}/${module}/**/!(*.tables|*.test|*.steps).ts`,
    from: `${MODULES}/${above}`,
    message: `${module} is below ${above} in the module order (eslint.config.js MODULE_ORDER): emit an event, or move what both need down.`,
  })),
]);
const serverLayerZones = [
  {
    // Tests and their steps may use a module's steps; table files may reference a module's keys (foreign keys).
    target: 'apps/server/src/{platform,plugins}/**/!(*.test|*.steps|*.tables).ts',
    from: MODULES,
    message: 'platform/ and plugins/ serve every module and import none: a module registers itself from its *.module.ts.',
  },
];

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
      // The web app's `@/…` imports resolve through apps/web/tsconfig.json's `paths`, so its zones hold for them too.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
        createTypeScriptImportResolver({ project: fileURLToPath(new URL('./apps/web/tsconfig.json', import.meta.url)) }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones, ...moduleOrderZones, ...serverLayerZones] }],
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
  // The web app imports across folders through `@/…` (apps/web/src), never by climbing: `../../` breaks when a file moves.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./){2,}', message: "Import from another folder of apps/web/src through '@/…', not '../../'." }] },
      ],
    },
  },
  // Repositories hold the queries (cal.com's "no business logic in repositories", turned round): services keep the
  // rules and the transactions, and a query is found, reviewed and reused in its `*.repo.ts`. Outside repositories,
  // tables, db/ (client, migrations, seeds) and tests, nothing imports drizzle-orm's query builders or calls a
  // query on a database or transaction handle. Types from drizzle-orm (`import type`) are fine anywhere. The
  // @typescript-eslint variant of no-restricted-imports keeps the test-support rule above in force beside it.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.repo.ts', '**/*.tables.ts', 'apps/server/src/db/**', '**/*.test.ts', '**/*.steps.ts', 'apps/server/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', allowTypeImports: true, message: 'Queries live in a *.repo.ts: call a repository function.' }],
          patterns: [
            { group: ['drizzle-orm/*'], allowTypeImports: true, message: 'Queries live in a *.repo.ts: call a repository function.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(select|selectDistinct|insert|update|delete|execute)$/][callee.object.type='Identifier'][callee.object.name=/^(db|tx|trx|executor|database|conn)$/]",
          message: 'Queries live in a *.repo.ts: move this query into a repository function taking the db or transaction.',
        },
        {
          selector: "MemberExpression[object.type='Identifier'][object.name=/^(db|tx|trx|executor|database|conn)$/][property.name='query']",
          message: 'Queries live in a *.repo.ts: move this query into a repository function taking the db or transaction.',
        },
      ],
    },
  },
  // Command-line tools and tests may talk to whoever runs them; the server logs through pino only.
  { files: ['scripts/**', 'bench/**', 'e2e/**', '**/*.test.ts'], rules: { 'no-console': 'off' } },
);

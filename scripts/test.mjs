// `npm test`: every check and test, in the order that fails fastest. Prints a closing
// 'N passed, N failed' line counting unit, integration and browser tests.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'prsp-test-'));
const baseEnv = { ...process.env, TZ: 'UTC' };

function run(title, command, args, env = baseEnv) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

const isDebian = existsSync('/etc/debian_version');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Debian packages the tests use, by the binary that shows they are there. Missing ones are installed with apt, in
 * one go (one `apt-get update`), only as root on Debian: never a tool's own download. Chromium is required; the
 * others are optional (their journeys and tests skip, saying why).
 */
const debianPackages = [
  { pkg: 'chromium', bin: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', what: 'the browser tests', required: true },
  { pkg: 'clamav-daemon', bin: '/usr/sbin/clamd', what: 'the virus-scan tests' },
  { pkg: 'coturn', bin: '/usr/bin/turnserver', what: 'the relay-only (TURN) video journey' },
  { pkg: 'janus', bin: '/usr/bin/janus', what: 'the Janus video journey and tests' },
  { pkg: 'poppler-utils', bin: '/usr/bin/pdftotext', what: 'reading generated PDFs in tests' },
];

function ensureDebianPackages() {
  // A CHROMIUM_PATH of the user's own is used as it is, never replaced by the package.
  const missing = debianPackages.filter((p) => !existsSync(p.bin) && !(p.pkg === 'chromium' && process.env.CHROMIUM_PATH));
  if (missing.length > 0 && isDebian && isRoot) {
    const names = missing.map((p) => p.pkg);
    console.log(`\n▶ installing Debian packages for the tests: ${names.join(', ')}`);
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
      execFileSync('apt-get', ['install', '-y', '-qq', ...names], { stdio: 'inherit', env: aptEnv });
    } catch {
      console.error(`apt-get could not install ${names.join(', ')}`);
    }
  }
  for (const p of debianPackages.filter((d) => !existsSync(d.bin))) {
    const why =
      p.pkg === 'chromium' && process.env.CHROMIUM_PATH
        ? 'CHROMIUM_PATH is set'
        : !isDebian
          ? 'not a Debian system'
          : !isRoot
            ? 'not running as root'
            : 'apt-get failed';
    if (p.required && p.pkg === 'chromium') {
      console.error(
        `Chromium not found at ${p.bin} (${why}).\n` +
          "Install your distribution's package (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium binary.\n" +
          'The tests never download a browser of their own.',
      );
      process.exit(1);
    }
    console.warn(`⚠ ${p.bin} missing and Debian's '${p.pkg}' could not be installed (${why}): ${p.what} will be skipped.`);
  }
  return debianPackages[0].bin;
}

const counts = { passed: 0, failed: 0 };
function countVitest(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
}
function countPlaywright(file) {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
}

// The runtime everything below runs on (npm scripts run on node_modules/.bin/node, README 'Quick start').
console.log(`▶ runtime: Node.js ${process.version}`);
const chromium = ensureDebianPackages();

// The dependency audit: a high or critical advisory with a fix (exit 1) fails the run. Exit 2 is a registry that
// offers no audit endpoint (this machine's answers 405): nothing here can change that, so the warning is printed
// and the run goes on; against a registry that has the endpoint, findings fail it.
console.log('\n▶ dependency audit (production dependencies)');
const audit = spawnSync('node', ['scripts/audit.mjs'], { cwd: root, stdio: 'inherit', env: baseEnv });
if (audit.status === 2) console.warn('⚠ dependency audit skipped: no advisories could be fetched (above)');
else if (audit.status !== 0) {
  console.error('\n✖ dependency audit failed');
  process.exit(audit.status ?? 1);
}

run('format (prettier)', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
run('lint (eslint)', 'npx', ['eslint', '.', '--max-warnings', '0']);
for (const project of ['packages/contracts', 'apps/server', 'apps/web', '.']) run(`types (${project})`, 'npx', ['tsc', '-p', project]);
run('build web app', 'npm', ['run', 'build']);
run('bundle budget', 'node', ['scripts/check-bundle-size.mjs']);

const { TEST_DATABASE_URL, ...withoutServer } = baseEnv;
const pgliteReport = path.join(reports, 'vitest-pglite.json');
run(
  'unit and integration tests (PGlite)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${pgliteReport}`],
  withoutServer,
);
countVitest(pgliteReport);
if (TEST_DATABASE_URL) {
  const pgReport = path.join(reports, 'vitest-postgres.json');
  run('integration tests (PostgreSQL server)', 'npx', [
    'vitest',
    'run',
    '--project',
    'server',
    '.int.test.',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${pgReport}`,
  ]);
  countVitest(pgReport);
} else {
  console.log('\n(TEST_DATABASE_URL not set: integration tests ran on PGlite only)');
}

/** One group of journeys (E2E_GROUP in e2e/playwright.config.ts), each line of its output marked with the group. */
function runE2eGroup(group, env) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: from }).on('line', (line) => to.write(`[group ${group}] ${line}\n`));
    }
    child.once('error', (error) => {
      console.error(`[group ${group}] ${error.message}`);
      resolve(1);
    });
    child.once('close', (code) => resolve(code ?? 1));
  });
}

// The journeys take most of the run's time, one at a time in a Playwright process, which leaves the second core
// mostly idle: two groups side by side (E2E_GROUP in e2e/playwright.config.ts), each with its own servers on its own
// ports and its own data folder, took 14 minutes together on two cores.
console.log('\n▶ browser tests (Playwright, Debian Chromium), two groups side by side');
const groups = ['1', '2'];
const statuses = await Promise.all(
  groups.map((group) =>
    runE2eGroup(group, {
      ...withoutServer,
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, `playwright-${group}.json`),
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      E2E_GROUP: group,
      PRSP_E2E_DIR: mkdtempSync(path.join(tmpdir(), `prsp-e2e-${group}-`)),
    }),
  ),
);
const failedGroups = groups.filter((_, i) => statuses[i] !== 0);
if (failedGroups.length > 0) {
  console.error(`\n✖ browser tests failed (group ${failedGroups.join(' and ')})`);
  process.exit(1);
}
for (const group of groups) countPlaywright(path.join(reports, `playwright-${group}.json`));

console.log(`\nAll checks green.\n${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed === 0 ? 0 : 1);

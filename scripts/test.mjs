// `npm test`: every check and test, in the order that fails fastest. Prints a closing
// 'N passed, N failed' line counting unit, integration and browser tests.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'prsp-test-'));
const baseEnv = { ...process.env, TZ: 'UTC' };

/** Each phase's wall-clock time, printed as it ends and again in a table at the end of the run. */
const started = Date.now();
const phases = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
function timed(title, since) {
  const ms = Date.now() - since;
  phases.push([title, ms]);
  console.log(`⏱ ${title}: ${seconds(ms)}`);
}

function run(title, command, args, env = baseEnv) {
  console.log(`\n▶ ${title}`);
  const since = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
  timed(title, since);
}

/** A command with each line of its output marked `[label]`; `done` is its exit status, `stop()` ends it. */
function runMarked(label, command, args, env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: from }).on('line', (line) => to.write(`[${label}] ${line}\n`));
  }
  const done = new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`[${label}] ${error.message}`);
      resolve(1);
    });
    child.once('close', (code) => resolve(code ?? 1));
  });
  return { done, stop: () => child.kill('SIGTERM') };
}

/**
 * Commands side by side, at most `lanes` at a time in the order given (longest first packs best), each output line
 * marked with the command's label. With `failFast` the first failure stops the others and the run; without it every
 * command runs to its end and the run stops after them if any failed. Resolves once all have passed.
 */
async function runSideBySide(heading, commands, { lanes = commands.length, failFast = false } = {}) {
  console.log(`\n▶ ${heading}`);
  const since = Date.now();
  const queue = [...commands];
  const running = new Set();
  const failed = [];
  await new Promise((resolve) => {
    const next = () => {
      if (queue.length === 0 && running.size === 0) return resolve();
      while (running.size < lanes && queue.length > 0) {
        const { title, label = title, command, args, env = baseEnv } = queue.shift();
        const jobSince = Date.now();
        const job = runMarked(label, command, args, env);
        running.add(job);
        void job.done.then((status) => {
          running.delete(job);
          if (status === 0) timed(title, jobSince);
          else {
            console.error(`\n✖ ${title} failed`);
            failed.push(title);
            if (failFast) {
              for (const other of running) other.stop();
              process.exit(status);
            }
          }
          next();
        });
      }
    };
    next();
  });
  if (failed.length > 0) {
    console.error(`\n✖ ${heading}: ${failed.join(', ')} failed`);
    process.exit(1);
  }
  timed(heading, since);
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

// The checks and the build each keep one core busy and need nothing of each other: two at a time (this machine has
// two cores), longest first, took 40 s instead of 75 s one after another. The first failure stops the run.
const cores = Math.max(2, availableParallelism());
await runSideBySide(
  'lint, format, types and build, side by side',
  [
    { title: 'lint (eslint)', label: 'eslint', command: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
    ...['.', 'apps/server', 'apps/web', 'packages/contracts'].map((project) => ({
      title: `types (${project})`,
      label: `tsc ${project}`,
      command: 'npx',
      args: ['tsc', '-p', project],
    })),
    { title: 'format (prettier)', label: 'prettier', command: 'npx', args: ['prettier', '--check', '.', '--log-level', 'warn'] },
    { title: 'build web app', label: 'build', command: 'npm', args: ['run', 'build'] },
  ],
  { lanes: cores, failFast: true },
);
run('bundle budget', 'node', ['scripts/check-bundle-size.mjs']);

const { TEST_DATABASE_URL, ...withoutServer } = baseEnv;
const vitest = (report, ...args) => ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
// The server's test files share their worker's loaded app (vitest.config.ts), so a vitest process runs them one at a
// time: the PGlite pass is cut into one shard per core, and the PostgreSQL pass, which spends half its time waiting
// for the server, runs beside them.
const shards = Array.from({ length: cores }, (_, i) => `${i + 1}/${cores}`);
const vitestReports = [];
const vitestRuns = shards.map((shard) => {
  const report = path.join(reports, `vitest-pglite-${shard.replace('/', '-of-')}.json`);
  vitestReports.push(report);
  return {
    title: `unit and integration tests (PGlite, shard ${shard})`,
    label: `pglite ${shard}`,
    command: 'npx',
    args: vitest(report, `--shard=${shard}`),
    env: withoutServer,
  };
});
if (TEST_DATABASE_URL) {
  const report = path.join(reports, 'vitest-postgres.json');
  vitestReports.push(report);
  vitestRuns.unshift({
    title: 'integration tests (PostgreSQL server)',
    label: 'postgres',
    command: 'npx',
    args: vitest(report, '--project', 'server', '--project', 'server-isolated', '.int.test.'),
  });
}
await runSideBySide(
  TEST_DATABASE_URL
    ? 'unit and integration tests (PGlite), and integration tests again on PostgreSQL'
    : 'unit and integration tests (PGlite)',
  vitestRuns,
);
for (const report of vitestReports) countVitest(report);
if (!TEST_DATABASE_URL) console.log('\n(TEST_DATABASE_URL not set: integration tests ran on PGlite only)');

// The journeys take most of the run's time, one at a time in a Playwright process, which leaves the second core
// mostly idle: two groups side by side (E2E_GROUP in e2e/playwright.config.ts), each with its own servers on its own
// ports and its own data folder.
const groups = ['1', '2'];
await runSideBySide(
  'browser tests (Playwright, Debian Chromium), two groups side by side',
  groups.map((group) => ({
    title: `browser tests (group ${group})`,
    label: `group ${group}`,
    command: 'npx',
    args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    env: {
      ...withoutServer,
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, `playwright-${group}.json`),
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      E2E_GROUP: group,
      PRSP_E2E_DIR: mkdtempSync(path.join(tmpdir(), `prsp-e2e-${group}-`)),
    },
  })),
);
for (const group of groups) countPlaywright(path.join(reports, `playwright-${group}.json`));

console.log('\nTimes:');
for (const [title, ms] of phases) console.log(`  ${seconds(ms).padStart(8)}  ${title}`);
console.log(`  ${seconds(Date.now() - started).padStart(8)}  in all`);
console.log(`\nAll checks green.\n${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed === 0 ? 0 : 1);

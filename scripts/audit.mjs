// The dependency audit: `npm audit` of the production dependencies of the project in the current directory.
// Exit 1: a high or critical advisory has a fix (in range, or a version npm names), so there is something to do.
// Exit 0: none has; the counts are printed, and high ones without a fix are listed as a warning.
// Exit 2: no report, because the registry does not offer the audit endpoint (this machine's answers 405) or could
// not be reached. Never read as 'no advisories'.
// Arguments go to npm as they are (`--registry <url>`), and npm's own config applies (`npm_config_registry`).
import { spawnSync } from 'node:child_process';

const BULK_PATH = '-/npm/v1/security/advisories/bulk';
const SEVERITIES = ['critical', 'high', 'moderate', 'low', 'info'];
const SERIOUS = new Set(['critical', 'high']);

const npm = spawnSync('npm', ['audit', '--json', '--omit=dev', ...process.argv.slice(2)], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
});
let report;
try {
  report = JSON.parse(npm.stdout);
} catch {
  report = undefined;
}

if (report && !report.vulnerabilities && report.message) {
  // The audit request failed; npm prints the failure in place of the report (and the URL without credentials).
  const url = new URL(report.uri ?? report.message.match(/https?:\/\/\S+/)?.[0] ?? 'about:blank');
  const registry = `${url.origin}${url.pathname.replace(BULK_PATH, '')}`;
  const answer = report.statusCode ? `answered ${report.statusCode}` : `could not be reached (${report.message})`;
  console.error(`dependency audit unavailable: ${registry} ${answer}`);
  process.exit(2);
}
if (!report?.vulnerabilities) {
  // npm's own failure (a missing or broken lockfile, say) is the project's to fix.
  console.error(`npm audit failed (exit ${npm.status}):\n${npm.stderr}${npm.stdout}`);
  process.exit(1);
}

/** What `npm audit fix` would do about a vulnerability, or undefined when there is no fix. */
function fixOf({ fixAvailable }) {
  if (fixAvailable === true) return 'npm audit fix';
  if (!fixAvailable) return undefined;
  const major = fixAvailable.isSemVerMajor ? ', semver major' : '';
  return `npm audit fix --force (${fixAvailable.name}@${fixAvailable.version}${major})`;
}

/** The advisories behind a vulnerability: their titles and addresses, or the dependency it comes through. */
function advisoriesOf({ via }) {
  return via.map((v) => (typeof v === 'string' ? `via ${v}` : `${v.title} ${v.url}`)).join('; ');
}

const serious = Object.values(report.vulnerabilities).filter((v) => SERIOUS.has(v.severity));
const fixable = serious.filter((v) => fixOf(v));
const unfixable = serious.filter((v) => !fixOf(v));
const counts = SEVERITIES.map((s) => `${report.metadata.vulnerabilities[s]} ${s}`).join(', ');

if (fixable.length > 0) {
  console.error(`dependency audit failed: ${fixable.length} high or critical advisory with a fix (${counts})`);
  for (const v of fixable) console.error(`  ${v.name} (${v.severity}): ${advisoriesOf(v)}\n    fix: ${fixOf(v)}`);
  process.exit(1);
}
console.log(`dependency audit: no high or critical advisory with a fix in production dependencies (${counts})`);
for (const v of unfixable) console.warn(`  ⚠ ${v.name} (${v.severity}, no fix yet): ${advisoriesOf(v)}`);

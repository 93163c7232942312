/**
 * The operators' files (compose.yaml, deploy/) checked against what the code reads: every variable they set is one
 * config.ts knows, the app's settings in them pass the production configuration check, the compose file describes
 * the documented topology, and nginx accepts its configuration (where nginx is installed: `apt-get install nginx-light`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../apps/server/src/config';
import { KEEP_ALIVE_TIMEOUT_MS } from '../apps/server/src/keep-alive';
import { demoRpKeySet } from '../apps/server/src/modules/identity/rp-keys';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const configSource = read('apps/server/src/config.ts');

type Service = { environment?: Record<string, string>; image?: string; build?: unknown; depends_on?: Record<string, unknown> };
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };

/** `${NAME:?}` and `${NAME}` replaced by a plausible value, as `docker compose` does from .env. */
function interpolate(value: string): string {
  return value.replace(/\$\{([A-Z_]+)(:\?[^}]*)?\}/g, (_m, name: string) =>
    name === 'PRSP_HOST' ? 'prsp.example.fi' : `x-${name.toLowerCase()}-0123456789abcdef0123`,
  );
}

/** deploy/prsp.env.example with every empty value filled as an operator would. */
function exampleEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of read('deploy/prsp.env.example').split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (m) env[m[1]!] = m[2] || `operator-value-${m[1]!.toLowerCase()}-0123456789abcdef`;
  }
  return env;
}

describe('compose.yaml', () => {
  test('describes the documented topology', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['app1', 'app2', 'coturn', 'db-primary', 'db-standby', 'janus', 'minio', 'minio-bucket', 'nginx', 'redis'].sort(),
    );
    expect(compose.services.app1!.environment).toEqual(compose.services.app2!.environment);
    expect(Object.keys(compose.services.app1!.depends_on ?? {})).toEqual(expect.arrayContaining(['db-primary', 'redis', 'minio-bucket']));
  });

  test('every variable it gives the app is one config.ts reads, and together they pass the production check', () => {
    const env = {
      ...exampleEnv(),
      ...Object.fromEntries(Object.entries(compose.services.app1!.environment!).map(([k, v]) => [k, interpolate(v)])),
    };
    for (const name of Object.keys(env)) expect(configSource, name).toMatch(new RegExp(`\\b${name}: `));
    // The identity broker keys are a file the operator makes (npm run oidc:keys); here a key set of the right shape.
    const keysFile = path.join(mkdtempSync(path.join(tmpdir(), 'prsp-oidc-keys-')), 'oidc-keys.json');
    writeFileSync(keysFile, JSON.stringify(demoRpKeySet('b'.repeat(40))));
    expect(env.OIDC_KEYS_FILE).toBe('/run/secrets/oidc-keys.json');
    const config = loadConfig({ ...env, OIDC_KEYS_FILE: keysFile, METRICS_TOKEN: 'a'.repeat(40) });
    expect(config.oidc.profile).toBe('ftn');
    expect(config.production).toBe(true);
    expect(config.files.s3?.endpoint).toBe('http://minio:9000');
    expect(config.video.janus).toHaveLength(1);
    expect(config.video.turnUrls).toHaveLength(2);
  });
});

describe('deploy/', () => {
  test('nginx closes an idle connection to an instance before the instance does', () => {
    // Otherwise a request can go out on a connection the instance is just closing: lost, and as a POST not retried.
    const upstream = /upstream prsp_app \{([^}]*)\}/.exec(read('deploy/nginx/prsp.conf'))?.[1] ?? '';
    const idle = /^\s*keepalive_timeout\s+(\d+)s;/m.exec(upstream)?.[1];
    expect(idle, 'keepalive_timeout in the upstream block').toBeDefined();
    expect(Number(idle) * 1000).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
  });

  test('coturn takes the REST shared secret the app mints credentials with', () => {
    const conf = read('deploy/coturn/turnserver.conf');
    expect(conf).toMatch(/^use-auth-secret$/m);
    expect(conf).toMatch(/^static-auth-secret=/m);
    expect(conf).toMatch(/^denied-peer-ip=10\.0\.0\.0-10\.255\.255\.255$/m);
  });

  test("Janus loads the videoroom plugin and the WebSocket transport, with the app's admin key", () => {
    expect(read('deploy/janus/janus.jcfg')).not.toMatch(/disable = "[^"]*(videoroom|websockets)/);
    expect(read('deploy/janus/janus.plugin.videoroom.jcfg')).toMatch(/admin_key = "/);
    expect(read('deploy/janus/janus.transport.websockets.jcfg')).toMatch(/ws_port = 8188/);
  });
});

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const work = mkdtempSync(path.join(tmpdir(), 'prsp-nginx-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.runIf(nginx)('nginx', () => {
  /** `nginx -t` on a site file inside a minimal nginx.conf, with a throwaway certificate at the file's paths. */
  function check(site: string, upstreams?: string): string {
    mkdirSync(path.join(work, 'locations.d'), { recursive: true });
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=prsp.example.fi',
        '-keyout',
        path.join(work, 'key.pem'),
        '-out',
        path.join(work, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const text = read(site)
      .replace(/\/etc\/letsencrypt\/live\/[^/]+\/fullchain\.pem/g, path.join(work, 'cert.pem'))
      .replace(/\/etc\/letsencrypt\/live\/[^/]+\/privkey\.pem/g, path.join(work, 'key.pem'))
      .replaceAll('/etc/nginx/prsp-upstreams.conf', path.join(root, upstreams ?? 'deploy/nginx/upstreams.conf'))
      .replaceAll('/etc/nginx/prsp-locations.d/', `${path.join(work, 'locations.d')}/`);
    writeFileSync(path.join(work, 'site.conf'), text);
    writeFileSync(
      path.join(work, 'nginx.conf'),
      `pid ${work}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n  include ${work}/site.conf;\n}\n`,
    );
    return execFileSync(nginx!, ['-t', '-p', work, '-c', path.join(work, 'nginx.conf')], { encoding: 'utf8', stdio: 'pipe' });
  }

  test('accepts deploy/nginx/prsp.conf (TLS, upstreams, WebSocket, body size, precompressed assets)', () => {
    expect(() => check('deploy/nginx/prsp.conf')).not.toThrow();
    const conf = read('deploy/nginx/prsp.conf');
    expect(conf).toMatch(/client_max_body_size 11m;/);
    expect(conf).toMatch(/gzip_static on;/);
    expect(conf).toMatch(/Strict-Transport-Security/);
    expect(conf).not.toMatch(/^\s*(ip_hash|hash|sticky)\b/m);
  });

  test('accepts deploy/nginx/janus.conf', () => {
    expect(() => check('deploy/nginx/janus.conf')).not.toThrow();
  });
});

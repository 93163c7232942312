// A stand-in for the npm registry's audit service, for tests only: `npm audit --registry <its url>` talks to it
// as it would to the real registry. It answers the bulk advisory request from a fixture and serves the minimal
// packuments npm reads to work out fixes. Nothing is fetched from anywhere else.
import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';

const BULK_PATH = '/-/npm/v1/security/advisories/bulk';

/**
 * @typedef {{ id: number, url: string, title: string, severity: 'info' | 'low' | 'moderate' | 'high' | 'critical',
 *   vulnerable_versions: string, cwe: string[], cvss: { score: number, vectorString: string | null } }} Advisory
 * @typedef {{ method: string, path: string, body?: unknown }} LoggedRequest
 */

/** A packument as small as npm accepts: the versions it may pick from, `latest`, and where each tarball is. */
function packument(registry, name, versions) {
  const manifests = Object.fromEntries(
    versions.map((version) => [version, { name, version, dist: { tarball: `${registry}${name}/-/${name}-${version}.tgz` } }]),
  );
  return { name, 'dist-tags': { latest: versions.at(-1) }, versions: manifests };
}

/**
 * Starts the stand-in on 127.0.0.1 on a free port.
 * @param {{ advisories?: Record<string, Advisory[]>, versions?: Record<string, string[]>, bulkStatus?: number }} fixture
 *   `advisories` in the bulk format, by package name; `versions` published of each package (for its packument);
 *   `bulkStatus` makes the advisory endpoint answer that status with an empty body, as a registry without it does.
 * @returns {Promise<{ registry: string, requests: LoggedRequest[], close: () => Promise<void> }>}
 */
export async function startAuditStandIn({ advisories = {}, versions = {}, bulkStatus } = {}) {
  /** @type {LoggedRequest[]} */
  const requests = [];
  let registry = '';

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', registry).pathname);
      const send = (status, body) => {
        res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
        res.end(body === undefined ? undefined : JSON.stringify(body));
      };

      if (path === BULK_PATH) {
        if (bulkStatus) {
          requests.push({ method: req.method ?? '', path });
          res.writeHead(bulkStatus, bulkStatus === 405 ? { allow: 'GET,HEAD' } : {});
          return res.end();
        }
        if (req.method !== 'POST') return send(405);
        const raw = Buffer.concat(chunks);
        /** @type {Record<string, string[]>} the installed versions of each package, as npm sends them */
        const body = JSON.parse(String(req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw));
        requests.push({ method: req.method, path, body });
        // Like the real service: advisories only for the packages asked about.
        return send(200, Object.fromEntries(Object.keys(body).flatMap((name) => (advisories[name] ? [[name, advisories[name]]] : []))));
      }

      requests.push({ method: req.method ?? '', path });
      const name = path.slice(1);
      if (req.method === 'GET' && versions[name]) return send(200, packument(registry, name, versions[name]));
      send(404, { error: 'Not found' });
    });
  });

  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the audit stand-in has no port');
  registry = `http://127.0.0.1:${address.port}/`;
  return {
    registry,
    requests,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

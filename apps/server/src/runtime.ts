/** The Node.js major the server is built and tested on (package.json `engines`, the image's `node:24`). */
export const REQUIRED_NODE_MAJOR = 24;

/** Why `version` (`process.version`) cannot run the server, or null when it can. */
export function unsupportedRuntime(version: string): string | null {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1] ?? 0);
  if (major >= REQUIRED_NODE_MAJOR) return null;
  return (
    `PRSP needs Node.js ${REQUIRED_NODE_MAJOR} or newer; this is ${version}. ` +
    'Start it through npm (`npm start`, `npm run serve`): npm scripts run on the Node the project installs.'
  );
}

// The app server for a video journey, started by Playwright's webServer (which runs before globalSetup, so the
// media servers cannot come from there): `node --import tsx e2e/support/video-server.ts relay|janus`. It starts
// coturn (relay) or Janus in a network namespace (janus), then the app server pointed at it, and on SIGTERM stops
// all of them and removes the namespace. What the journeys need to know (coturn's log) goes to media-<mode>.json
// in PRSP_E2E_DIR.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Coturn, type Janus, type MediaInfo, mediaInfoFile, startCoturn, startJanusInNamespace } from './media-servers';

async function main(): Promise<void> {
  const mode = process.argv[2];
  if (mode !== 'relay' && mode !== 'janus') throw new Error('usage: video-server.ts relay|janus');
  const dataDir = process.env.DATA_DIR ?? path.join(process.env.PRSP_E2E_DIR ?? '.', mode);
  mkdirSync(dataDir, { recursive: true });

  let coturn: Coturn | null = null;
  let janus: Janus | null = null;
  const env: Record<string, string> = { ...(process.env as Record<string, string>) };
  if (mode === 'relay') {
    coturn = await startCoturn({ dir: path.join(dataDir, 'coturn') });
    Object.assign(env, { TURN_URLS: coturn.urls.join(','), TURN_SECRET: coturn.secret, VIDEO_ICE_POLICY: 'relay' });
  } else {
    janus = await startJanusInNamespace();
    Object.assign(env, { VIDEO_PROVIDER: 'janus', JANUS_URL: janus.url, JANUS_PUBLIC_URL: janus.url, JANUS_ADMIN_KEY: janus.adminKey });
  }
  const info: MediaInfo = { mode, turnLog: coturn?.logFile ?? null, janusUrl: janus?.url ?? null, janusPid: janus?.pid ?? null };
  writeFileSync(mediaInfoFile(mode), JSON.stringify(info));

  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { env, stdio: 'inherit' });
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) {
      const gone = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await gone;
    }
    await Promise.allSettled([coturn?.stop(), janus?.stop()]);
    process.exit(code);
  };
  server.once('exit', (code) => void stop(code ?? 1));
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webPush from 'web-push';
import type { Config } from '../../config';

export type VapidKeys = { publicKey: string; privateKey: string };

/** Where the demo keeps the key pair it generated (beside the PGlite data), so subscriptions survive a restart. */
export const DEMO_VAPID_FILE = 'vapid-keys.json';

function isKeys(v: unknown): v is VapidKeys {
  return (
    typeof v === 'object' &&
    v !== null &&
    /^[A-Za-z0-9_-]{87}$/.test(String((v as VapidKeys).publicKey)) &&
    /^[A-Za-z0-9_-]{43}$/.test(String((v as VapidKeys).privateKey))
  );
}

/**
 * The VAPID key pair the server signs pushes with (RFC 8292). Configured keys win. Without them: production has no
 * web push (null); the demo generates a pair once and keeps it in DATA_DIR (a browser's subscription names the public
 * key, so a new pair at every start would silently orphan them); tests (`NODE_ENV=test`) get a fresh pair in memory
 * and write nothing.
 */
export async function resolveVapidKeys(config: Pick<Config, 'production' | 'env' | 'dataDir' | 'push'>): Promise<VapidKeys | null> {
  if (config.push.vapid) return config.push.vapid;
  if (config.production) return null;
  if (config.env === 'test') return webPush.generateVAPIDKeys();
  const file = path.join(config.dataDir, DEMO_VAPID_FILE);
  try {
    const kept: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (isKeys(kept)) return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const keys = webPush.generateVAPIDKeys();
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StoreConfig } from './s3-file-store';

export type S3TestServer = {
  config: S3StoreConfig;
  /** The same as environment variables, for `loadConfig`. */
  env: Record<string, string>;
  /** Every key in the bucket (to check that nothing was left behind). */
  keys(): Promise<string[]>;
  close(): Promise<void>;
};

/** s3rver on a free loopback port with one empty bucket, its objects in a temporary directory. */
export async function startS3TestServer(bucket = 'prsp-test'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'prsp-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  // s3rver's fixed test credentials.
  const config: S3StoreConfig = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    config,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ENDPOINT: config.endpoint!,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async keys() {
      const client = new S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      try {
        const out = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        return (out.Contents ?? []).map((c) => c.Key!);
      } finally {
        client.destroy();
      }
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

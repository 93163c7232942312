import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { assertFileKey, FileNotFoundError, type FileStore } from './file-store';

export type S3StoreConfig = {
  bucket: string;
  region: string;
  /** Unset for AWS itself; the URL of MinIO, Ceph, Garage, a cloud's S3 endpoint, or the test server. */
  endpoint?: string;
  /** `bucket` in the path instead of the host name: what most self-hosted servers need. */
  forcePathStyle: boolean;
  /** Unset: the SDK's usual chain (AWS_* variables, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
};

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Files as objects in one bucket, under their random key. Uploads stream with their known length.
 * Checksums only where the protocol requires them (`WHEN_REQUIRED`): with the SDK's default, a streamed
 * body is sent in the aws-chunked encoding with a trailing checksum, which S3-compatible servers such as
 * s3rver store as it came, corrupting the file.
 */
export function createS3FileStore(config: S3StoreConfig): FileStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(key, body, meta) {
      assertFileKey(key);
      // A body that fails (the client went away) must end the request: the SDK would wait for it forever.
      const abort = new AbortController();
      const onError = (err: Error) => abort.abort(err);
      body.once('error', onError);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: meta.size, ContentType: meta.contentType }), {
          abortSignal: abort.signal,
        });
      } catch (err) {
        throw abort.signal.aborted ? abort.signal.reason : err;
      } finally {
        body.off('error', onError);
      }
    },
    async get(key) {
      assertFileKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(out.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
        return out.Body;
      } catch (err) {
        if (isNotFound(err)) throw new FileNotFoundError(key);
        throw err;
      }
    },
    async delete(key) {
      assertFileKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async close() {
      client.destroy();
    },
  };
}

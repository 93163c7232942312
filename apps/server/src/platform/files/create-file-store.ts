import type { Config } from '../../config';
import { createDiskFileStore } from './disk-file-store';
import type { FileStore } from './file-store';
import { createS3FileStore } from './s3-file-store';

/** The store the configuration names: S3-compatible when a bucket is set, else the directory `FILES_DIR`. */
export function createFileStore(config: Config['files']): FileStore {
  return config.s3 ? createS3FileStore(config.s3) : createDiskFileStore(config.dir);
}

import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReceivedFile } from '../platform/files/multipart-reader';

/** An upload as the multipart reader hands it over, from bytes in memory (for unit tests of form parsing). */
export function receivedFile(field: string, data: Buffer, filename = `${field}.png`): ReceivedFile {
  return {
    field,
    filename,
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    open: () => Readable.from([data]),
    read: async () => data,
  };
}

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clamdMissing, eicar, EICAR_SIGNATURE, startClamd, type RunningClamd } from '../../test/clamd';
import { receivedFile } from '../../test/received-file';
import { AppError } from '../app-error';
import { createVirusScanner, type VirusScanner } from './virus-scan';

const pdf = (extra = '') =>
  Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n${extra}%%EOF\n`);

/** A real clamd (Debian's clamav-daemon) whose only signature is the EICAR test string's: no signature download. */
describe.skipIf(clamdMissing !== null)(
  clamdMissing ? `virus scanning with clamd: skipped, ${clamdMissing}` : 'virus scanning with clamd',
  () => {
    let clamd: RunningClamd;
    let scanner: VirusScanner;
    beforeAll(async () => {
      clamd = await startClamd();
      scanner = createVirusScanner({ clamdUrl: clamd.url, timeoutMs: 10_000 })!;
    }, 60_000);
    afterAll(async () => {
      await clamd?.stop();
    });

    test('a clean PDF passes', async () => {
      expect(await scanner.scan(receivedFile('file', pdf(), 'clean.pdf'))).toEqual({ infected: false });
    });

    test('the EICAR test file is found, with the signature name', async () => {
      expect(await scanner.scan(receivedFile('file', eicar(), 'eicar.com'))).toEqual({ infected: true, signature: EICAR_SIGNATURE });
    });

    test('the EICAR string inside a PDF is found too', async () => {
      const file = receivedFile('file', pdf(`%${eicar().toString('latin1')}\n`), 'report.pdf');
      expect(await scanner.scan(file)).toEqual({ infected: true, signature: EICAR_SIGNATURE });
    });

    test('a 10 MB upload, the largest allowed, is scanned within StreamMaxLength 12M', async () => {
      const big = Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024 - 200, 0x20)]);
      expect(await scanner.scan(receivedFile('file', big, 'big.pdf'))).toEqual({ infected: false });
    });

    test('a file over StreamMaxLength is refused (500), not passed as clean', async () => {
      const small = await startClamd({ streamMaxLength: '1M' });
      try {
        const limited = createVirusScanner({ clamdUrl: small.url, timeoutMs: 10_000 })!;
        const err = await limited.scan(receivedFile('file', Buffer.alloc(2 * 1024 * 1024, 0x20), 'big.pdf')).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).code).toBe(500);
      } finally {
        await small.stop();
      }
    }, 60_000);

    test('a clamd that is no longer running refuses the upload (500)', async () => {
      const gone = await startClamd();
      const unreachable = createVirusScanner({ clamdUrl: gone.url, timeoutMs: 10_000 })!;
      await gone.stop();
      const err = await unreachable.scan(receivedFile('file', pdf(), 'clean.pdf')).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe(500);
      expect((err as AppError).message).toMatch(/could not be reached/);
    }, 60_000);
  },
);

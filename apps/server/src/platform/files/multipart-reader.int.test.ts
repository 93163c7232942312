import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '../app-error';
import { MultipartLimitError, readMultipart } from './multipart-reader';

const LIMITS = { files: 2, fileSize: 64 * 1024, fields: 3, fieldSize: 100 };

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = Fastify();
  await app.register(multipart);
  app.post('/upload', async (req, reply) => {
    try {
      const body = await readMultipart(req, LIMITS, new Set(['doc', 'photo']));
      const files = await Promise.all(
        [...body.files.values()].map(async (f) => {
          const bytes = await f.read();
          const streamed: Buffer[] = [];
          for await (const chunk of f.open()) streamed.push(chunk as Buffer);
          return {
            field: f.field,
            filename: f.filename,
            size: f.size,
            sha256: f.sha256,
            readSha: createHash('sha256').update(bytes).digest('hex'),
            streamedSha: createHash('sha256').update(Buffer.concat(streamed)).digest('hex'),
          };
        }),
      );
      return { fields: Object.fromEntries(body.fields), files, issues: body.issues, tmp: req.tmpUploads ?? [] };
    } catch (err) {
      if (err instanceof MultipartLimitError) return reply.code(413).send({ limit: err.limit, field: err.field ?? null });
      if (err instanceof AppError) return reply.code(err.httpStatus).send({ code: err.code });
      throw err;
    }
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => app.close());

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function form(fields: Record<string, string>, files: Record<string, [Buffer, string]> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [name, [bytes, filename]] of Object.entries(files)) data.append(name, new Blob([new Uint8Array(bytes)]), filename);
  return data;
}

async function post(body: FormData | string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/upload`, { method: 'POST', body, headers });
  return { status: res.status, body: await res.json() };
}

/** A multipart body written by hand, for what FormData cannot send (a file part without a name). */
function rawBody(parts: string[]): { body: string; headers: Record<string, string> } {
  const boundary = 'prsp-test-boundary';
  const body = parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') + `--${boundary}--\r\n`;
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('the streaming multipart reader', () => {
  test('fields and files arrive; a file is counted, hashed, readable and streamable; temporary files go after the answer', async () => {
    const doc = Buffer.alloc(50 * 1024, 7);
    const { status, body } = await post(form({ title: 'Hei', note: 'ÅÄÖ' }, { doc: [doc, '../../etc/passwd'] }));
    expect(status).toBe(200);
    expect(body.fields).toEqual({ title: 'Hei', note: 'ÅÄÖ' });
    expect(body.issues).toEqual([]);
    expect(body.files).toEqual([
      // busboy keeps only the last part of a name with directories; it is for display anyway.
      { field: 'doc', filename: 'passwd', size: doc.length, sha256: sha(doc), readSha: sha(doc), streamedSha: sha(doc) },
    ]);
    expect(body.tmp).toHaveLength(1);
    // The client's name is never a path: the temporary file has a random name of its own.
    expect(body.tmp[0]).toMatch(/prsp-upload-[0-9a-f]{24}$/);
    await expect.poll(() => existsSync(body.tmp[0])).toBe(false);
  });

  test('a file over the size limit is refused naming its field', async () => {
    const { status, body } = await post(form({}, { photo: [Buffer.alloc(64 * 1024 + 1), 'big.png'] }));
    expect(status).toBe(413);
    expect(body).toEqual({ limit: 'fileSize', field: 'photo' });
  });

  test('too many files, too many fields', async () => {
    const three = form({}, { doc: [Buffer.from('a'), 'a.txt'], photo: [Buffer.from('b'), 'b.png'] });
    three.append('doc', new Blob(['c']), 'c.txt');
    expect((await post(three)).body).toEqual({ limit: 'files', field: null });
    expect((await post(form({ a: '1', b: '2', c: '3', d: '4' }))).body).toEqual({ limit: 'fields', field: null });
  });

  test('per-field problems come back together: too long, repeated, unknown or repeated file, empty chosen file', async () => {
    const data = form({ title: 'x'.repeat(101), note: 'a' }, { photo: [Buffer.alloc(0), 'empty.png'], other: [Buffer.from('x'), 'x.bin'] });
    data.append('note', 'b');
    const { status, body } = await post(data);
    expect(status).toBe(200);
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { field: 'title', key: 'tooLong' },
        { field: 'note', key: 'invalid' },
        { field: 'photo', key: 'emptyFile' },
        { field: 'other', key: 'invalid' },
      ]),
    );
    expect(body.fields).toEqual({ note: 'a' });
    expect(body.files).toEqual([]);
  });

  test('a file input with nothing chosen (no name, no bytes) counts as not sent', async () => {
    const { body, headers } = rawBody([
      'Content-Disposition: form-data; name="photo"; filename=""\r\nContent-Type: application/octet-stream\r\n',
      'Content-Disposition: form-data; name="title"\r\n\r\nHei',
    ]);
    const res = await post(body, headers);
    expect(res.body).toMatchObject({ fields: { title: 'Hei' }, files: [], issues: [] });
  });

  test('a body that is not multipart is a 400', async () => {
    expect((await post('{}', { 'content-type': 'application/json' })).status).toBe(400);
  });
});

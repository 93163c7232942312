import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PatientConfig } from '@prsp/contracts';
import { files, organisationFiles } from '../../db/schema';
import { createFileStore } from '../../platform/files/create-file-store';
import { FileNotFoundError, type FileStore } from '../../platform/files/file-store';
import { startS3TestServer, type S3TestServer } from '../../platform/files/s3-test-server';
import { TEST_PERSONS } from '../../stand-ins/test-idp/test-persons';
import { TestBrowser } from '../../test/http-client';
import { jpegImage, pngImage } from '../../test/png';
import { fieldKeys, organisationId, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { okData, onboard, signedIn } from '../patients/patient.steps';

/** A multipart organisation update; each file with the name and type the client claims. */
function updateForm(id: string, fields: Record<string, string>, images: Record<string, { bytes: Buffer; name: string; type: string }>) {
  const data = new FormData();
  data.append('id', id);
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [name, f] of Object.entries(images)) data.append(name, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return data;
}

const png = (bytes: Buffer, name = 'logo.png') => ({ bytes, name, type: 'image/png' });

async function filesOf(t: TestApp, organisationId: string) {
  return t.database.db.select().from(files).where(eq(files.ownerId, organisationId));
}

/** Every key the store holds: the disk directory listed, or the bucket. */
async function storedKeys(t: TestApp, s3: S3TestServer | undefined): Promise<string[]> {
  if (s3) return (await s3.keys()).sort();
  const all = (await readdir(t.config.files.dir, { recursive: true }).catch(() => [])).map(String);
  return all
    .filter((p) => /[0-9a-f]{32}$/.test(p))
    .map((p) => p.slice(-32))
    .sort();
}

async function stored(store: FileStore, key: string): Promise<boolean> {
  try {
    (await store.get(key)).destroy();
    return true;
  } catch (err) {
    if (err instanceof FileNotFoundError) return false;
    throw err;
  }
}

describe.each(['disk', 's3'] as const)('organisation images on the file store (%s)', (backend) => {
  let t: TestApp;
  let espoo: string;
  let s3: S3TestServer | undefined;
  let store: FileStore;
  let admin: TestBrowser;
  const post = (body: FormData) => admin.fetch('/api/admin/organisation/update', { method: 'POST', body });

  beforeAll(async () => {
    s3 = backend === 's3' ? await startS3TestServer() : undefined;
    ({ t, espoo } = await startStaffTestApp(s3?.env ?? {}));
    store = createFileStore(t.config.files);
    admin = await staffBrowser(t);
  });
  afterAll(async () => {
    await store?.close();
    await t?.close();
    await s3?.close();
  });

  test('an admin uploads a logo; the patient page shows it with the recorded type, Content-Disposition and nosniff', async () => {
    expect(store.kind).toBe(backend);
    const logo = pngImage(256, 128, [200, 30, 30]);
    const res = await post(updateForm(espoo, {}, { logo: png(logo) }));
    expect(res.status).toBe(200);

    const patient = await signedIn(t, TEST_PERSONS[0]!.ssn);
    await onboard(patient, espoo);
    const config = await okData<PatientConfig>(patient.fetch('/api/config'));
    const url = config.themeOverrides.logoUrl!;
    expect(url).toMatch(new RegExp(`^/api/files/organisations/${espoo}/logo\\?v=\\d+$`));

    const image = await patient.fetch(url);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(logo)).toBe(true);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toBe('inline; filename="logo.png"');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    expect(image.headers.get('content-length')).toBe(String(logo.length));

    const [row] = await filesOf(t, espoo);
    expect(row).toMatchObject({ contentType: 'image/png', size: logo.length, filename: 'logo.png', ownerKind: 'organisation' });
    expect(row!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(await stored(store, row!.key)).toBe(true);
  });

  test('the type comes from the bytes: a PNG named .jpg and sent as image/jpeg is stored and served as PNG', async () => {
    const res = await post(updateForm(espoo, {}, { logoEn: { bytes: pngImage(256, 128), name: 'logo.jpg', type: 'image/jpeg' } }));
    expect(res.status).toBe(200);
    const image = await new TestBrowser(t.baseUrl).fetch(`/api/files/organisations/${espoo}/logoEn`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toBe('inline; filename="logoEn.png"');
  });

  test('replacing an image removes the old file row and its bytes; a JPEG is served as JPEG', async () => {
    const before = (await filesOf(t, espoo)).find((f) => f.filename.startsWith('logo.'))!;
    const jpeg = jpegImage(256, 128);
    expect((await post(updateForm(espoo, {}, { logo: { bytes: jpeg, name: 'uusi.jpeg', type: 'image/jpeg' } }))).status).toBe(200);
    const after = await filesOf(t, espoo);
    expect(after.map((f) => f.id)).not.toContain(before.id);
    expect(await stored(store, before.key)).toBe(false);
    const current = after.find((f) => f.filename === 'logo.jpg')!;
    expect(current).toMatchObject({ contentType: 'image/jpeg', size: jpeg.length });
    const image = await admin.fetch(`/api/files/organisations/${espoo}/logo`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await image.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  test('a logo of the right shape but twice the size is stored and served scaled to 256×128 (issue 28)', async () => {
    const res = await post(updateForm(espoo, {}, { logoEn: png(pngImage(512, 256, [10, 120, 60]), 'iso.png') }));
    expect(res.status).toBe(200);
    const image = await admin.fetch(`/api/files/organisations/${espoo}/logoEn`);
    const served = PNG.sync.read(Buffer.from(await image.arrayBuffer()));
    expect([served.width, served.height]).toEqual([256, 128]);
    expect([...served.data.subarray(0, 3)]).toEqual([10, 120, 60]);
    const row = (await filesOf(t, espoo)).find((f) => f.filename === 'logoEn.png')!;
    expect(row.size).toBe(Number(image.headers.get('content-length')));

    const wrongShape = await post(updateForm(espoo, {}, { logoEn: png(pngImage(300, 200)) }));
    expect(fieldKeys(await wrongShape.json())).toEqual({ logoEn: 'fields.imageSize' });
  });

  test('a truncated PNG is refused with a field error, and nothing is stored', async () => {
    const rowsBefore = await filesOf(t, espoo);
    const keysBefore = await storedKeys(t, s3);
    const whole = pngImage(256, 128);
    const res = await post(updateForm(espoo, {}, { logo: png(whole.subarray(0, whole.length - 20)), logoSe: png(Buffer.from('x')) }));
    expect(res.status).toBe(400);
    expect(fieldKeys(await res.json())).toEqual({ logo: 'fields.imageCorrupt', logoSe: 'fields.imageType' });
    expect(await filesOf(t, espoo)).toEqual(rowsBefore);
    expect(await storedKeys(t, s3)).toEqual(keysBefore);
  });

  test('an empty logo is refused with a field error instead of being ignored', async () => {
    const res = await post(updateForm(espoo, { contactPerson: 'Ei tallennu' }, { logo: png(Buffer.alloc(0)) }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(fieldKeys(body)).toEqual({ logo: 'fields.emptyFile' });
    expect(body.fields[0].message).toBe('Tiedosto on tyhjä.');
  });

  test('when the update fails after the upload (a rule across fields), the uploaded bytes are removed again', async () => {
    const rowsBefore = await filesOf(t, espoo);
    const keysBefore = await storedKeys(t, s3);
    const res = await post(updateForm(espoo, { redirectionPrimaryButtons: JSON.stringify(['nope']) }, { logoSe: png(pngImage(256, 128)) }));
    expect(res.status).toBe(400);
    expect(await filesOf(t, espoo)).toEqual(rowsBefore);
    expect(await storedKeys(t, s3)).toEqual(keysBefore);
  });

  test('removing the background removes its file', async () => {
    const background = pngImage(1900, 1080);
    expect((await post(updateForm(espoo, {}, { background: png(background, 'tausta.png') }))).status).toBe(200);
    const row = (await filesOf(t, espoo)).find((f) => f.filename === 'background.png')!;
    expect(await stored(store, row.key)).toBe(true);
    expect((await post(updateForm(espoo, { background: 'null' }, {}))).status).toBe(200);
    expect((await filesOf(t, espoo)).map((f) => f.id)).not.toContain(row.id);
    expect(await stored(store, row.key)).toBe(false);
    const links = await t.database.db.select().from(organisationFiles).where(eq(organisationFiles.organisationId, espoo));
    expect(links.map((l) => l.kind).sort()).toEqual(['logo', 'logoEn']);
  });

  test('an image from before the file store is served from its row until uploaded again, then from the store', async () => {
    const kaarina = await organisationId(t, 'kaarina-demo');
    const old = pngImage(256, 128, [1, 2, 3]);
    await t.database.db
      .insert(organisationFiles)
      .values({ organisationId: kaarina, kind: 'logo', legacyContentType: 'image/png', legacyData: old });
    const before = await new TestBrowser(t.baseUrl).fetch(`/api/files/organisations/${kaarina}/logo`);
    expect(before.headers.get('content-disposition')).toBe('inline; filename="logo.png"');
    expect(Buffer.from(await before.arrayBuffer()).equals(old)).toBe(true);

    const global = await staffBrowser(t, { isGlobalAdmin: true });
    const fresh = pngImage(256, 128, [4, 5, 6]);
    const res = await global.fetch('/api/admin/organisation/update', {
      method: 'POST',
      body: updateForm(kaarina, {}, { logo: png(fresh) }),
    });
    expect(res.status).toBe(200);
    const [link] = await t.database.db.select().from(organisationFiles).where(eq(organisationFiles.organisationId, kaarina));
    expect(link).toMatchObject({ legacyData: null, legacyContentType: null, fileId: expect.any(String) });
    const after = await new TestBrowser(t.baseUrl).fetch(`/api/files/organisations/${kaarina}/logo`);
    expect(Buffer.from(await after.arrayBuffer()).equals(fresh)).toBe(true);
  });

  test('after all of the above, the store holds exactly the files the rows name: nothing orphaned, nothing missing', async () => {
    const rows = await t.database.db.select({ key: files.key }).from(files);
    expect(await storedKeys(t, s3)).toEqual(rows.map((r) => r.key).sort());
  });

  test('bytes missing from the store answer 404, not a broken image', async () => {
    const row = (await filesOf(t, espoo)).find((f) => f.filename === 'logoEn.png')!;
    await store.delete(row.key);
    const res = await admin.fetch(`/api/files/organisations/${espoo}/logoEn`);
    expect(res.status).toBe(404);
  });
});

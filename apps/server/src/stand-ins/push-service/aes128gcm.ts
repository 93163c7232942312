import { createDecipheriv, createECDH, hkdfSync } from 'node:crypto';

/** The browser's side of a subscription: its P-256 key pair (raw, 32 and 65 bytes) and the 16-byte auth secret. */
export type UserAgentKeys = { privateKey: Buffer; publicKey: Buffer; auth: Buffer };

const TAG_LENGTH = 16;
const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts a push message as a browser does: the aes128gcm content coding (RFC 8188) with the key derivation of Web
 * Push (RFC 8291 §3.4). Written from the RFCs on node:crypto alone, not with the library the server encrypts with,
 * so a mistake there cannot cancel itself out here. Throws on anything a browser would drop.
 */
export function decryptPushMessage(body: Buffer, ua: UserAgentKeys): Buffer {
  // Header (RFC 8188 §2.1): salt(16) | rs(4) | idlen(1) | keyid(idlen); for Web Push keyid is the sender's public key.
  if (body.length < 21) throw new Error('shorter than the header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (idlen !== 65) throw new Error('keyid is not a P-256 public key');
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (rs < 18) throw new Error('record size too small');
  // RFC 8291 §4: a push message is a single record.
  if (record.length > rs) throw new Error('more than one record');
  if (record.length <= TAG_LENGTH) throw new Error('no ciphertext');

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(ua.privateKey);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  // RFC 8291 §3.4: IKM from the ECDH secret and the auth secret, bound to both public keys.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.publicKey, asPublic]);
  const ikm = hkdf(ecdhSecret, ua.auth, keyInfo, 32);
  // RFC 8188 §2.2, 2.3: the content encryption key and the nonce (record 0, so no sequence number to mix in).
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_LENGTH));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_LENGTH)), decipher.final()]);
  // Padding (RFC 8188 §2): the data, a delimiter (2 in the last record), then zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

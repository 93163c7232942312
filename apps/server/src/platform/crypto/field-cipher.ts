import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export type FieldCipher = {
  /** AES-256-GCM; output is `v1.<iv>.<tag>.<ciphertext>` in base64url. */
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  /** HMAC-SHA-256 with a key of its own: equal inputs give equal hashes, so the column can be searched. */
  keyedHash(value: string): string;
};

/** Personal data at rest (identity codes, credentials). Both keys are derived from the one configured secret. */
export function createFieldCipher(secret: string): FieldCipher {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'prsp', info, 32));
  const encKey = derive('field-encryption');
  const hashKey = derive('field-hash');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    decrypt(stored) {
      const [version, iv, tag, data] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown field cipher format');
      const decipher = createDecipheriv('aes-256-gcm', encKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
    keyedHash(value) {
      return createHmac('sha256', hashKey).update(value).digest('hex');
    },
  };
}

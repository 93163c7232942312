import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import webPush from 'web-push';
import { decryptPushMessage } from './aes128gcm';

const b64 = (s: string) => Buffer.from(s, 'base64url');

describe('decryptPushMessage', () => {
  test("RFC 8291 Appendix A's example decrypts to its plaintext", () => {
    const body = b64(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    );
    const ua = {
      privateKey: b64('q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94'),
      publicKey: b64('BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4'),
      auth: b64('BTBZMqHH6r4Tts7J_aSIgg'),
    };
    expect(decryptPushMessage(body, ua).toString('utf8')).toBe('When I grow up, I want to be a watermelon');
  });

  test("reads what web-push encrypts, and refuses another browser's keys or a changed byte", () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const ua = { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), auth: randomBytes(16) };
    const { cipherText } = webPush.encrypt(ua.publicKey.toString('base64url'), ua.auth.toString('base64url'), 'Hei', 'aes128gcm');
    expect(decryptPushMessage(cipherText, ua).toString('utf8')).toBe('Hei');

    const other = createECDH('prime256v1');
    other.generateKeys();
    expect(() => decryptPushMessage(cipherText, { ...ua, privateKey: other.getPrivateKey() })).toThrow();
    const spoilt = Buffer.from(cipherText);
    spoilt[spoilt.length - 1]! ^= 1;
    expect(() => decryptPushMessage(spoilt, ua)).toThrow();
  });
});

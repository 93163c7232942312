// `npm run --silent oidc:keys`: a new private JWK set for the identity broker (docs/identity.md), printed as JSON
// for OIDC_KEYS_FILE: an ES256 signing key and an ECDH-ES encryption key (EC P-256), or with `-- --rsa` RSA 3072
// keys for RS256 and RSA-OAEP-256. Their kids carry today's date, so a rotation's new keys have kids of their own.
// `npm run --silent oidc:keys -- --public <file>` prints the public half of a key file, for a broker that takes
// keys configured statically rather than from /.well-known/jwks.json.
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
// The server's own rules for the key set (Node 24 runs the TypeScript file as it is).
import { publicJwks } from '../apps/server/src/modules/identity/rp-keys.ts';

const args = process.argv.slice(2);

function privateJwk(type, use, alg) {
  const { privateKey } =
    type === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 3072 }) : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = `${use}-${new Date().toISOString().slice(0, 10)}`;
  return { ...privateKey.export({ format: 'jwk' }), kid, use, alg };
}

let set;
if (args[0] === '--public') {
  if (!args[1]) throw new Error('usage: npm run --silent oidc:keys -- --public <private key set file>');
  set = publicJwks(JSON.parse(readFileSync(args[1], 'utf8')).keys);
} else if (args.includes('--rsa')) {
  set = { keys: [privateJwk('rsa', 'sig', 'RS256'), privateJwk('rsa', 'enc', 'RSA-OAEP-256')] };
} else {
  set = { keys: [privateJwk('ec', 'sig', 'ES256'), privateJwk('ec', 'enc', 'ECDH-ES')] };
}
console.log(JSON.stringify(set, null, 2));

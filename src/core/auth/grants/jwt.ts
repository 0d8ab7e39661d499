/**
 * Compact JWS signing with Node's own crypto (no JOSE library): the keys Loupe signs with (a private_key_jwt
 * client key from a PEM or JWK, its DPoP proof key), the algorithm each key allows, and the RFC 7638 thumbprint.
 * A key that cannot be read is an auth-failed error naming the file or the field, never echoing the key.
 */
import {
  constants,
  createHash,
  createPrivateKey,
  createPublicKey,
  randomUUID,
  sign,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AuthStepName } from '../../../shared/auth.js';
import type { JsonObject } from '../../../shared/json.js';
import { authFailure } from '../authFailure.js';

export type JwsAlgorithm =
  'ES256' | 'ES384' | 'ES512' | 'RS256' | 'RS384' | 'RS512' | 'PS256' | 'PS384' | 'PS512' | 'EdDSA';

const algorithms: readonly string[] = [
  'ES256',
  'ES384',
  'ES512',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'EdDSA',
];

export interface SigningKey {
  key: KeyObject;
  alg: JwsAlgorithm;
  /** The public half as a JWK (kty and its members only). */
  publicJwk: JsonObject;
  /** The `kid` the JWK named, if any. */
  kid?: string;
}

export function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

const curveAlgorithm: Record<string, JwsAlgorithm> = {
  'P-256': 'ES256',
  'P-384': 'ES384',
  'P-521': 'ES512',
  prime256v1: 'ES256',
  secp384r1: 'ES384',
  secp521r1: 'ES512',
};

/** The algorithm a key allows: an EC key its curve's, RSA RS256 unless asked otherwise, Ed25519 EdDSA. */
function algorithmFor(key: KeyObject, wanted: string | undefined, step: AuthStepName): JwsAlgorithm {
  const type = key.asymmetricKeyType;
  const curve = key.asymmetricKeyDetails?.namedCurve;
  let allowed: string[];
  if (type === 'ec') allowed = curve && curveAlgorithm[curve] ? [curveAlgorithm[curve]] : [];
  else if (type === 'rsa') allowed = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'];
  else if (type === 'rsa-pss') allowed = ['PS256', 'PS384', 'PS512'];
  else if (type === 'ed25519') allowed = ['EdDSA'];
  else allowed = [];
  if (allowed.length === 0)
    throw authFailure(
      step,
      `the private key is a ${type ?? 'unknown'} key; Loupe signs with EC, RSA or Ed25519`,
    );
  if (wanted === undefined) return allowed[0] as JwsAlgorithm;
  if (!algorithms.includes(wanted) || !allowed.includes(wanted))
    throw authFailure(
      step,
      `the signing algorithm ${JSON.stringify(wanted)} does not fit the ${type ?? ''} key (it allows ${allowed.join(', ')})`,
    );
  return wanted as JwsAlgorithm;
}

function publicJwkOf(key: KeyObject): JsonObject {
  const jwk = createPublicKey(key).export({ format: 'jwk' }) as Record<string, unknown>;
  const out: JsonObject = {};
  for (const [name, value] of Object.entries(jwk)) if (typeof value === 'string') out[name] = value;
  return out;
}

/** A signing key from PEM (PKCS#8, SEC1, PKCS#1) or JWK text; `source` names where it came from in errors. */
export function parseSigningKey(
  text: string,
  source: string,
  wantedAlg: string | undefined,
  step: AuthStepName = 'assertion',
): SigningKey {
  const trimmed = text.trim();
  let key: KeyObject;
  let kid: string | undefined;
  let jwkAlg: string | undefined;
  if (trimmed.startsWith('{')) {
    let jwk: unknown;
    try {
      jwk = JSON.parse(trimmed);
    } catch {
      throw authFailure(step, `${source} is not valid JSON (a JWK is a JSON object)`);
    }
    if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk))
      throw authFailure(step, `${source} is not a JWK (a JSON object with "kty")`);
    const fields = jwk as Record<string, unknown>;
    if (typeof fields.kty !== 'string') throw authFailure(step, `${source} is not a JWK: it has no "kty"`);
    if (fields.d === undefined)
      throw authFailure(step, `${source} is a public JWK: signing needs the private key (its "d")`);
    try {
      key = createPrivateKey({ key: fields as JsonWebKey, format: 'jwk' });
    } catch (error) {
      throw authFailure(step, `${source} is a malformed ${fields.kty} JWK (${reason(error)})`);
    }
    if (typeof fields.kid === 'string') kid = fields.kid;
    if (typeof fields.alg === 'string') jwkAlg = fields.alg;
  } else if (trimmed.includes('-----BEGIN')) {
    try {
      key = createPrivateKey(trimmed);
    } catch (error) {
      throw authFailure(step, `${source} is not a readable PEM private key (${reason(error)})`);
    }
  } else {
    throw authFailure(step, `${source} is neither a PEM private key nor a JWK`);
  }
  const alg = algorithmFor(key, wantedAlg ?? jwkAlg, step);
  return { key, alg, publicJwk: publicJwkOf(key), ...(kid !== undefined ? { kid } : {}) };
}

/** The key in a file: a missing or unreadable file is a named error. */
export function readSigningKeyFile(path: string, wantedAlg: string | undefined): SigningKey {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw authFailure(
      'assertion',
      `cannot read the private key file ${JSON.stringify(path)} (${reason(error)})`,
    );
  }
  return parseSigningKey(text, `the private key file ${JSON.stringify(path)}`, wantedAlg);
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  return error instanceof Error ? (error.message.split('\n')[0] ?? 'unreadable') : String(error);
}

const hashOf: Record<JwsAlgorithm, string | null> = {
  ES256: 'sha256',
  ES384: 'sha384',
  ES512: 'sha512',
  RS256: 'sha256',
  RS384: 'sha384',
  RS512: 'sha512',
  PS256: 'sha256',
  PS384: 'sha384',
  PS512: 'sha512',
  EdDSA: null,
};

/** RFC 7518 §3.5: the salt as long as the hash. */
const pssSalt: Partial<Record<JwsAlgorithm, number>> = { PS256: 32, PS384: 48, PS512: 64 };

/** header.payload.signature; `typ`, `alg` and the caller's header members in the header. */
export function signJwt(signer: SigningKey, header: JsonObject, payload: JsonObject): string {
  const input = `${base64url(JSON.stringify({ alg: signer.alg, ...header }))}.${base64url(JSON.stringify(payload))}`;
  const alg = signer.alg;
  const options: Parameters<typeof sign>[2] = alg.startsWith('ES')
    ? { key: signer.key, dsaEncoding: 'ieee-p1363' }
    : alg.startsWith('PS')
      ? { key: signer.key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: pssSalt[alg] ?? 32 }
      : signer.key;
  const signature = sign(hashOf[alg], Buffer.from(input), options);
  return `${input}.${base64url(signature)}`;
}

/** RFC 7638: the SHA-256 thumbprint of the required members, base64url. */
export function jwkThumbprint(jwk: JsonObject): string {
  const members: Record<string, string[]> = {
    EC: ['crv', 'kty', 'x', 'y'],
    RSA: ['e', 'kty', 'n'],
    OKP: ['crv', 'kty', 'x'],
  };
  const names = typeof jwk.kty === 'string' ? (members[jwk.kty] ?? []) : [];
  const canonical = `{${names.map((name) => `${JSON.stringify(name)}:${JSON.stringify(jwk[name])}`).join(',')}}`;
  return createHash('sha256').update(canonical).digest('base64url');
}

/** A fresh jti. */
export function jwtId(): string {
  return randomUUID();
}

/** The claims of a JWT, unverified (to show what an external assertion says: iss, sub, aud, exp). */
export function peekClaims(token: string): JsonObject | undefined {
  const part = token.split('.')[1];
  if (part === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as JsonObject)
      : undefined;
  } catch {
    return undefined;
  }
}

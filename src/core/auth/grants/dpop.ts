/**
 * DPoP (RFC 9449, SEP-1932): one P-256 proof key per sign-in, a fresh proof (typ dpop+jwt, the public JWK in the
 * header; jti, htm, htu without query or fragment, iat, and ath for a resource request) on the token request and
 * on every request that presents the token, and the nonce each server supplies (DPoP-Nonce), kept per origin. The
 * private key is exported as a JWK only to be sealed with the tokens it is bound to.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import type { JsonObject } from '../../../shared/json.js';
import { authFailure } from '../authFailure.js';
import { jwkThumbprint, jwtId, parseSigningKey, signJwt, type SigningKey } from './jwt.js';

export interface ProofFacts {
  htm: string;
  htu: string;
  jkt: string;
  nonce: boolean;
  ath: boolean;
}

export class DpopKey {
  private readonly nonces = new Map<string, string>();

  private constructor(private readonly signer: SigningKey) {}

  static generate(): DpopKey {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = privateKey.export({ format: 'jwk' });
    return new DpopKey(parseSigningKey(JSON.stringify(jwk), 'the DPoP key', 'ES256', 'dpop'));
  }

  /** A key saved (sealed) with its tokens; undefined when the text is not one. */
  static restore(privateJwk: string): DpopKey | undefined {
    try {
      return new DpopKey(parseSigningKey(privateJwk, 'the saved DPoP key', 'ES256', 'dpop'));
    } catch {
      return undefined;
    }
  }

  /** The private JWK, for the token store to seal. */
  export(): string {
    return JSON.stringify(this.signer.key.export({ format: 'jwk' }));
  }

  get thumbprint(): string {
    return jwkThumbprint(this.signer.publicJwk);
  }

  /** Remembers the nonce a server supplied (any response may carry a new one). */
  learnNonce(url: string, response: Response): boolean {
    const nonce = response.headers.get('dpop-nonce');
    if (!nonce) return false;
    const origin = new URL(url).origin;
    const changed = this.nonces.get(origin) !== nonce;
    this.nonces.set(origin, nonce);
    return changed;
  }

  /** A fresh proof for one request; with an access token, its hash (ath). */
  proof(method: string, url: string, accessToken?: string): { proof: string; facts: ProofFacts } {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw authFailure('dpop', `cannot make a DPoP proof for ${JSON.stringify(url)}: not a URL`);
    }
    const htu = `${target.origin}${target.pathname}`;
    const nonce = this.nonces.get(target.origin);
    const payload: JsonObject = {
      jti: jwtId(),
      htm: method.toUpperCase(),
      htu,
      iat: Math.floor(Date.now() / 1000),
    };
    if (nonce !== undefined) payload.nonce = nonce;
    if (accessToken !== undefined)
      payload.ath = createHash('sha256').update(accessToken, 'ascii').digest('base64url');
    const proof = signJwt(this.signer, { typ: 'dpop+jwt', jwk: this.signer.publicJwk }, payload);
    return {
      proof,
      facts: {
        htm: payload.htm as string,
        htu,
        jkt: this.thumbprint,
        nonce: nonce !== undefined,
        ath: accessToken !== undefined,
      },
    };
  }
}

/** The algorithms an authorization server lists for DPoP, when it lists any. */
export function dpopAlgorithms(metadata: JsonObject): string[] | undefined {
  const value = metadata.dpop_signing_alg_values_supported;
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

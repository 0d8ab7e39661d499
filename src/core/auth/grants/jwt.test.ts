import { generateKeyPairSync } from 'node:crypto';
import { calculateJwkThumbprint, importJWK, jwtVerify, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { jwkThumbprint, parseSigningKey, signJwt } from './jwt.js';
import { DpopKey } from './dpop.js';

const pem = (type: 'ec' | 'rsa' | 'ed25519') => {
  const pair =
    type === 'ec'
      ? generateKeyPairSync('ec', { namedCurve: 'P-384' })
      : type === 'rsa'
        ? generateKeyPairSync('rsa', { modulusLength: 2048 })
        : generateKeyPairSync('ed25519');
  return pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
};

describe('signing JWTs with Node crypto', () => {
  it.each([
    ['ec', undefined, 'ES384'],
    ['rsa', undefined, 'RS256'],
    ['rsa', 'PS512', 'PS512'],
    ['ed25519', undefined, 'EdDSA'],
  ] as const)(
    'a %s key (asked %s) signs %s that jose verifies, and its thumbprint is RFC 7638',
    async (type, asked, alg) => {
      const key = parseSigningKey(pem(type), 'the test key', asked);
      expect(key.alg).toBe(alg);
      const token = signJwt(key, { typ: 'JWT' }, { iss: 'loupe', aud: 'https://as.example' });
      const { payload } = await jwtVerify(token, await importJWK(key.publicJwk, alg), {
        audience: 'https://as.example',
      });
      expect(payload.iss).toBe('loupe');
      expect(jwkThumbprint(key.publicJwk)).toBe(await calculateJwkThumbprint(key.publicJwk));
    },
  );

  it('names what is wrong with a key, never echoing it', () => {
    expect(() => parseSigningKey('not a key', 'the key file "k"', undefined)).toThrow(
      'Sign-in failed at the JWT assertion: the key file "k" is neither a PEM private key nor a JWK',
    );
    expect(() => parseSigningKey('{"kty":"EC"', 'the JWK', undefined)).toThrow('the JWK is not valid JSON');
    expect(() =>
      parseSigningKey('{"kty":"EC","crv":"P-256","x":"AA","y":"BB"}', 'the JWK', undefined),
    ).toThrow('the JWK is a public JWK: signing needs the private key');
    expect(() => parseSigningKey(pem('ec'), 'the key', 'RS256')).toThrow(
      'the signing algorithm "RS256" does not fit the ec key (it allows ES384)',
    );
  });

  it('a DPoP proof: typ dpop+jwt, the public JWK only, htu without query, ath, and the nonce once learned', async () => {
    const key = DpopKey.generate();
    const first = key.proof('post', 'http://127.0.0.1:9/mcp?x=1#f', 'token-1');
    const header = decodeProtectedHeader(first.proof);
    expect(header.typ).toBe('dpop+jwt');
    expect(header.jwk && 'd' in header.jwk).toBe(false);
    const { payload } = await jwtVerify(first.proof, await importJWK(header.jwk ?? {}, 'ES256'));
    expect(payload).toMatchObject({ htm: 'POST', htu: 'http://127.0.0.1:9/mcp' });
    expect(payload.nonce).toBeUndefined();
    expect(typeof payload.ath).toBe('string');
    expect(
      key.learnNonce('http://127.0.0.1:9/x', new Response(null, { headers: { 'DPoP-Nonce': 'n-1' } })),
    ).toBe(true);
    const second = key.proof('GET', 'http://127.0.0.1:9/mcp');
    expect(second.facts).toMatchObject({
      nonce: true,
      ath: false,
      jkt: await calculateJwkThumbprint(header.jwk ?? {}),
    });
    expect(second.proof.split('.')[1]).not.toBe(first.proof.split('.')[1]);
    expect(DpopKey.restore(key.export())?.thumbprint).toBe(key.thumbprint);
  });
});

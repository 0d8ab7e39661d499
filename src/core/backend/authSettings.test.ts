import { describe, expect, it } from 'vitest';
import { mapAuthSecret, parseServerAuth } from './authSettings.js';

describe('saved sign-in settings', () => {
  it('keeps the grant fields it knows, drops unknown choices, and seals both secrets', () => {
    const parsed = parseServerAuth({
      clientId: 'ci-bot',
      clientSecret: 's-1',
      grant: 'client_credentials',
      clientAuth: 'private_key_jwt',
      privateKeyFile: ' /keys/ci.pem ',
      assertionCommand: 'print-token',
      idpIssuer: 'https://idp.example',
      idpClientSecret: 's-2',
      dpop: 'on',
      extra: 'ignored',
    });
    expect(parsed).toEqual({
      clientId: 'ci-bot',
      clientSecret: 's-1',
      grant: 'client_credentials',
      clientAuth: 'private_key_jwt',
      privateKeyFile: '/keys/ci.pem',
      assertionCommand: 'print-token',
      idpIssuer: 'https://idp.example',
      idpClientSecret: 's-2',
      dpop: 'on',
    });
    expect(parseServerAuth({ grant: 'password', clientAuth: 'tls', dpop: 'maybe' })).toBeUndefined();
    const sealed = mapAuthSecret(parsed, (name, value) => `sealed(${name}:${value.length})`);
    expect(sealed?.clientSecret).toBe('sealed(client_secret:3)');
    expect(sealed?.idpClientSecret).toBe('sealed(idp_client_secret:3)');
    expect(sealed?.privateKeyFile).toBe('/keys/ci.pem');
  });
});

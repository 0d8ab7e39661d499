import { describe, expect, it } from 'vitest';
import { maskBody, masked, maskHeaders, maskUrl } from './masking.js';

describe('masking auth exchanges', () => {
  it('hides token, secret, code and verifier fields of JSON and form bodies', () => {
    expect(
      JSON.parse(
        maskBody('{"access_token":"at-1","refresh_token":"rt-1","token_type":"Bearer","expires_in":60}') ??
          '',
      ),
    ).toEqual({
      access_token: masked,
      refresh_token: masked,
      token_type: 'Bearer',
      expires_in: 60,
    });
    const form = new URLSearchParams(
      maskBody('grant_type=authorization_code&code=c-1&code_verifier=v-1&client_secret=s-1&client_id=id') ??
        '',
    );
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'authorization_code',
      code: masked,
      code_verifier: masked,
      client_secret: masked,
      client_id: 'id',
    });
    expect(maskBody('not json {')).toBe('not json {');
    const grant = new URLSearchParams(
      maskBody('grant_type=x&assertion=eyJ.a.b&client_assertion=eyJ.c.d&subject_token=eyJ.e.f&scope=s') ?? '',
    );
    expect(Object.fromEntries(grant)).toEqual({
      grant_type: 'x',
      assertion: masked,
      client_assertion: masked,
      subject_token: masked,
      scope: 's',
    });
  });

  it('hides credentials in headers but keeps the scheme, and codes in redirect URLs', () => {
    expect(
      maskHeaders({ Authorization: 'Basic YTpi', Accept: 'application/json', DPoP: 'eyJhbGciOi.e30.sig' }),
    ).toEqual({
      Authorization: `Basic ${masked}`,
      Accept: 'application/json',
      DPoP: masked,
    });
    expect(maskUrl('http://127.0.0.1:5/callback?code=secret&state=s')).toBe(
      `http://127.0.0.1:5/callback?code=${encodeURIComponent(masked)}&state=s`,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { parseChallenge } from './challenge.js';

describe('parseChallenge', () => {
  it('reads scope, resource_metadata and error from a Bearer challenge, quoted or not', () => {
    expect(
      parseChallenge(
        'Bearer error="insufficient_scope", scope="mcp:basic mcp:write", resource_metadata="https://a.example/.well-known/oauth-protected-resource/mcp", error_description="needs \\"write\\""',
      ),
    ).toEqual({
      scheme: 'bearer',
      error: 'insufficient_scope',
      scope: 'mcp:basic mcp:write',
      resourceMetadata: 'https://a.example/.well-known/oauth-protected-resource/mcp',
      errorDescription: 'needs "write"',
    });
    expect(parseChallenge('bearer error=invalid_token')).toEqual({
      scheme: 'bearer',
      error: 'invalid_token',
    });
  });

  it('stops at the next scheme, prefers Bearer, reads DPoP alone (RFC 9449 §7.1), ignores other schemes', () => {
    expect(parseChallenge('Bearer scope="a", DPoP algs="ES256" scope="b"')).toEqual({
      scheme: 'bearer',
      scope: 'a',
    });
    expect(parseChallenge('DPoP resource_metadata="https://x.example/prm"')).toEqual({
      scheme: 'dpop',
      resourceMetadata: 'https://x.example/prm',
    });
    expect(parseChallenge('DPoP error="use_dpop_nonce", resource_metadata="https://x.example/prm"')).toEqual({
      scheme: 'dpop',
      error: 'use_dpop_nonce',
      resourceMetadata: 'https://x.example/prm',
    });
    expect(parseChallenge('Basic realm="x"')).toEqual({});
    expect(parseChallenge('Basic realm="x", Bearer scope="s"')).toEqual({ scheme: 'bearer', scope: 's' });
    expect(parseChallenge(null)).toEqual({});
  });

  it('keeps the first of a repeated parameter and drops an empty scope', () => {
    expect(parseChallenge('Bearer scope="", error="a", error="b"')).toEqual({ scheme: 'bearer', error: 'a' });
  });
});

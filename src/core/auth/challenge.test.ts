import { describe, expect, it } from 'vitest';
import { parseChallenge } from './challenge.js';

describe('parseChallenge', () => {
  it('reads scope, resource_metadata and error from a Bearer challenge, quoted or not', () => {
    expect(
      parseChallenge(
        'Bearer error="insufficient_scope", scope="mcp:basic mcp:write", resource_metadata="https://a.example/.well-known/oauth-protected-resource/mcp", error_description="needs \\"write\\""',
      ),
    ).toEqual({
      error: 'insufficient_scope',
      scope: 'mcp:basic mcp:write',
      resourceMetadata: 'https://a.example/.well-known/oauth-protected-resource/mcp',
      errorDescription: 'needs "write"',
    });
    expect(parseChallenge('bearer error=invalid_token')).toEqual({ error: 'invalid_token' });
  });

  it('stops at the next scheme and ignores challenges of other schemes', () => {
    expect(parseChallenge('Bearer scope="a", DPoP algs="ES256" scope="b"')).toEqual({ scope: 'a' });
    expect(parseChallenge('DPoP resource_metadata="https://x.example/prm"')).toEqual({});
    expect(parseChallenge('Basic realm="x", Bearer scope="s"')).toEqual({ scope: 's' });
    expect(parseChallenge(null)).toEqual({});
  });

  it('keeps the first of a repeated parameter and drops an empty scope', () => {
    expect(parseChallenge('Bearer scope="", error="a", error="b"')).toEqual({ error: 'a' });
  });
});

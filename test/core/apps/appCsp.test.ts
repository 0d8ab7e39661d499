/** The CSP of an MCP App's frame: exactly what `_meta.ui.csp` asks for, plain origins only. */
import { describe, expect, it } from 'vitest';
import { buildAppCsp, decodeAppCsp, encodeAppCsp, parseAppCsp } from '../../../src/core/apps/appCsp.js';

const directive = (policy: string, name: string) =>
  policy.split('; ').find((part) => part.startsWith(`${name} `));

describe('parseAppCsp', () => {
  it('keeps plain origins per list and reports everything else as sent, with its list and why', () => {
    const { csp, refused } = parseAppCsp({
      connectDomains: [
        'https://api.example.com',
        'wss://live.example.com:8443',
        "'unsafe-eval'",
        '*',
        'https://a.example; script-src *',
      ],
      resourceDomains: [
        'https://*.cdn.example',
        'http://127.0.0.1:*',
        'data:',
        'https://cdn.example/path',
        42,
      ],
      frameDomains: ['https://www.youtube.com/'],
      baseUriDomains: 'https://not-a-list.example',
    });
    expect(csp).toEqual({
      connectDomains: ['https://api.example.com', 'wss://live.example.com:8443'],
      resourceDomains: ['https://*.cdn.example'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: [],
    });
    const notOrigin = 'not a plain origin (scheme://host[:port] with http, https, ws or wss)';
    expect(refused).toEqual([
      { entry: "'unsafe-eval'", list: 'connectDomains', reason: notOrigin },
      { entry: '*', list: 'connectDomains', reason: notOrigin },
      { entry: 'https://a.example; script-src *', list: 'connectDomains', reason: notOrigin },
      {
        entry: 'http://127.0.0.1:*',
        list: 'resourceDomains',
        reason: 'a port wildcard (:*) allows every port of the host',
      },
      { entry: 'data:', list: 'resourceDomains', reason: notOrigin },
      { entry: 'https://cdn.example/path', list: 'resourceDomains', reason: notOrigin },
      { entry: '42', list: 'resourceDomains', reason: 'not a string' },
    ]);
  });

  it('refuses a wildcard directly under a public suffix (ICANN or private section) and port wildcards', () => {
    const { csp, refused } = parseAppCsp({
      connectDomains: [
        'https://*.com',
        'https://*.co.uk',
        'https://*.github.io',
        'https://*.example',
        'wss://*.10.0.0.1',
        'https://api.example.com:*',
        'https://api.example.com:99999',
        'https://*.example.co.uk',
        'https://*.someone.github.io',
        'https://*.cdn.example.com:8443',
      ],
    });
    expect(csp.connectDomains).toEqual([
      'https://*.example.co.uk',
      'https://*.someone.github.io',
      'https://*.cdn.example.com:8443',
    ]);
    expect(refused.map(({ entry, reason }) => [entry, reason])).toEqual([
      [
        'https://*.com',
        'a wildcard directly under the public suffix "com" allows every site registered there',
      ],
      [
        'https://*.co.uk',
        'a wildcard directly under the public suffix "co.uk" allows every site registered there',
      ],
      [
        'https://*.github.io',
        'a wildcard directly under the public suffix "github.io" allows every site registered there',
      ],
      [
        'https://*.example',
        'a wildcard directly under the public suffix "example" allows every site registered there',
      ],
      ['wss://*.10.0.0.1', 'a wildcard under an IP address'],
      ['https://api.example.com:*', 'a port wildcard (:*) allows every port of the host'],
      ['https://api.example.com:99999', 'not a port number'],
    ]);
  });

  it('gives an empty policy for no or malformed csp', () => {
    const empty = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
    expect(parseAppCsp(undefined)).toEqual({ csp: empty, refused: [] });
    expect(parseAppCsp('connect-src *')).toEqual({ csp: empty, refused: [] });
  });
});

describe('buildAppCsp', () => {
  it('without domains: inline script and style, data images, no network, no frames, no base, no forms', () => {
    const policy = buildAppCsp(parseAppCsp(undefined).csp);
    expect(policy.split('; ')).toEqual([
      "default-src 'none'",
      "script-src 'unsafe-inline'",
      "style-src 'unsafe-inline'",
      'img-src data: blob:',
      'media-src data: blob:',
      'font-src data:',
      "connect-src 'none'",
      "frame-src 'none'",
      "base-uri 'none'",
      "object-src 'none'",
      "form-action 'none'",
      "worker-src 'none'",
      "manifest-src 'none'",
      "webrtc 'block'",
    ]);
  });

  it('opens each directive to exactly the origins of its list', () => {
    const { csp } = parseAppCsp({
      connectDomains: ['https://api.example.com'],
      resourceDomains: ['https://cdn.example'],
      frameDomains: ['https://player.example'],
      baseUriDomains: ['https://base.example'],
    });
    const policy = buildAppCsp(csp, { frameAncestors: ['http://127.0.0.1:5173'] });
    expect(directive(policy, 'connect-src')).toBe('connect-src https://api.example.com');
    expect(directive(policy, 'script-src')).toBe("script-src 'unsafe-inline' https://cdn.example");
    expect(directive(policy, 'style-src')).toBe("style-src 'unsafe-inline' https://cdn.example");
    expect(directive(policy, 'img-src')).toBe('img-src data: blob: https://cdn.example');
    expect(directive(policy, 'font-src')).toBe('font-src data: https://cdn.example');
    expect(directive(policy, 'frame-src')).toBe('frame-src https://player.example');
    expect(directive(policy, 'base-uri')).toBe('base-uri https://base.example');
    expect(directive(policy, 'frame-ancestors')).toBe('frame-ancestors http://127.0.0.1:5173');
  });

  it('never writes a non-origin into the header, even when handed one directly', () => {
    const policy = buildAppCsp({
      connectDomains: ['https://ok.example', '* ; script-src *', 'https://*.com', 'http://127.0.0.1:*'],
      resourceDomains: [],
      frameDomains: [],
      baseUriDomains: [],
    });
    expect(directive(policy, 'connect-src')).toBe('connect-src https://ok.example');
    expect(policy).not.toContain('script-src *');
    expect(policy).not.toContain('*.com');
  });
});

describe('the policy in the proxy address', () => {
  it('round-trips, and a tampered address is checked again', () => {
    const { csp } = parseAppCsp({ connectDomains: ['https://api.example.com'] });
    expect(decodeAppCsp(encodeAppCsp(csp))).toEqual(csp);
    const tampered = Buffer.from(
      JSON.stringify({ connectDomains: ['*', 'https://*.co.uk', 'https://x.example'] }),
    ).toString('base64url');
    expect(decodeAppCsp(tampered).connectDomains).toEqual(['https://x.example']);
    expect(decodeAppCsp('%%%not base64 json').connectDomains).toEqual([]);
    expect(decodeAppCsp(null).connectDomains).toEqual([]);
  });
});

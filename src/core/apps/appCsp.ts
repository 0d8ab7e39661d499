/**
 * The Content-Security-Policy of an MCP App's frame, built from its `_meta.ui.csp` and nothing more.
 *
 * Without any domains the app gets the spec's default: its own inline scripts and styles, images and media
 * from data: URLs, and no network at all. Each domain list opens one directive to exactly the origins given.
 * A domain is kept only when it is a plain origin (http/https/ws/wss, an optional leading `*.`, an optional
 * port): a keyword ('unsafe-eval'), a bare `*`, a scheme (`data:`), a path or anything with a `;` or space
 * could widen or rewrite the policy, so those are refused and reported with the reason, never written into a
 * header. Two plain-looking shapes are refused as well because they open far more than one site: a wildcard
 * directly under a public suffix (`https://*.com`, `https://*.co.uk`, `https://*.github.io`: every site
 * registered there), judged with the Public Suffix List that tldts bundles (ICANN and private sections), and
 * a port wildcard (`:*`: every port of the host, including every local service on a loopback address).
 *
 * `webrtc 'block'` (CSP Level 3) is written too, for browsers that honour it; Chromium ignores it (it says
 * so in the console), which is why the frame guard (frameGuard.ts) removes WebRTC from the page as well.
 */
import { parse as parseDomain } from 'tldts';
import type { AppCsp, AppCspRefusal } from '../../shared/apps.js';
import { isJsonObject, type JsonValue } from '../../shared/json.js';

const originPattern = /^(https?|wss?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(:(\d{1,5}|\*))?\/?$/i;
export const cspLists = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

export interface ParsedCsp {
  csp: AppCsp;
  /** Entries left out, as sent (non-strings shown as JSON), each with its list and why. */
  refused: AppCspRefusal[];
}

/** Why a `_meta.ui.csp` entry cannot go into a policy; undefined when it may. */
export function refusalReason(domain: string): string | undefined {
  const match = originPattern.exec(domain);
  if (!match) return 'not a plain origin (scheme://host[:port] with http, https, ws or wss)';
  const [, , wildcard, host, , port] = match;
  if (port === '*') return 'a port wildcard (:*) allows every port of the host';
  if (Number(port) > 65_535) return 'not a port number';
  if (wildcard) {
    const parsed = parseDomain(host, { allowPrivateDomains: true });
    if (parsed.isIp) return 'a wildcard under an IP address';
    if (parsed.domain === null) {
      const suffix = parsed.publicSuffix ?? host;
      return `a wildcard directly under the public suffix "${suffix}" allows every site registered there`;
    }
  }
  return undefined;
}

export function isPlainOrigin(domain: string): boolean {
  return refusalReason(domain) === undefined;
}

/** Reads `_meta.ui.csp` (hostile input): keeps plain origins, reports the rest with the reason. */
export function parseAppCsp(value: JsonValue | undefined): ParsedCsp {
  const csp: AppCsp = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
  const refused: AppCspRefusal[] = [];
  if (!isJsonObject(value)) return { csp, refused };
  for (const list of cspLists) {
    const entries = value[list];
    if (!Array.isArray(entries)) continue;
    for (const entry of entries) {
      const reason = typeof entry === 'string' ? refusalReason(entry) : 'not a string';
      if (typeof entry === 'string' && reason === undefined) {
        const origin = entry.replace(/\/$/, '');
        if (!csp[list].includes(origin)) csp[list].push(origin);
      } else {
        refused.push({
          entry: typeof entry === 'string' ? entry : JSON.stringify(entry),
          list,
          reason: reason ?? '',
        });
      }
    }
  }
  return { csp, refused };
}

function sources(base: string[], domains: readonly string[]): string {
  const all = [...base, ...domains.filter(isPlainOrigin)];
  return all.length > 0 ? all.join(' ') : "'none'";
}

/** The policy header for a frame holding this app. `frameAncestors`: who may embed it (Loupe's origin). */
export function buildAppCsp(csp: AppCsp, options: { frameAncestors?: string[] } = {}): string {
  const resources = csp.resourceDomains;
  const directives = [
    "default-src 'none'",
    `script-src ${sources(["'unsafe-inline'"], resources)}`,
    `style-src ${sources(["'unsafe-inline'"], resources)}`,
    `img-src ${sources(['data:', 'blob:'], resources)}`,
    `media-src ${sources(['data:', 'blob:'], resources)}`,
    `font-src ${sources(['data:'], resources)}`,
    `connect-src ${sources([], csp.connectDomains)}`,
    `frame-src ${sources([], csp.frameDomains)}`,
    `base-uri ${sources([], csp.baseUriDomains)}`,
    "object-src 'none'",
    "form-action 'none'",
    "worker-src 'none'",
    "manifest-src 'none'",
    "webrtc 'block'",
  ];
  const ancestors = (options.frameAncestors ?? []).filter(isPlainOrigin);
  if (ancestors.length > 0) directives.push(`frame-ancestors ${ancestors.join(' ')}`);
  return directives.join('; ');
}

/** The app policy as it travels in the proxy page's address (base64url JSON), and back. */
export function encodeAppCsp(csp: AppCsp): string {
  return Buffer.from(JSON.stringify(csp), 'utf8').toString('base64url');
}

export function decodeAppCsp(text: string | null): AppCsp {
  if (!text) return parseAppCsp(undefined).csp;
  try {
    return parseAppCsp(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as JsonValue).csp;
  } catch {
    return parseAppCsp(undefined).csp;
  }
}

/**
 * The Content-Security-Policy of an MCP App's frame, built from its `_meta.ui.csp` and nothing more.
 *
 * Without any domains the app gets the spec's default: its own inline scripts and styles, images and media
 * from data: URLs, and no network at all. Each domain list opens one directive to exactly the origins given.
 * A domain is kept only when it is a plain origin (http/https/ws/wss, an optional leading `*.` and port or
 * `:*`): a keyword ('unsafe-eval'), a bare `*`, a scheme (`data:`), a path or anything with a `;` or space
 * could widen or rewrite the policy, so those are refused and reported, never written into a header.
 */
import { isJsonObject, type JsonValue } from '../../shared/json.js';
import type { AppCsp } from '../../shared/apps.js';

const originPattern = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?\/?$/i;
const cspFields = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

export interface ParsedCsp {
  csp: AppCsp;
  /** Entries left out, as sent (non-strings shown as JSON). */
  refused: string[];
}

export function isPlainOrigin(domain: string): boolean {
  return originPattern.test(domain);
}

/** Reads `_meta.ui.csp` (hostile input): keeps plain origins, reports the rest. */
export function parseAppCsp(value: JsonValue | undefined): ParsedCsp {
  const csp: AppCsp = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
  const refused: string[] = [];
  if (!isJsonObject(value)) return { csp, refused };
  for (const field of cspFields) {
    const list = value[field];
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (typeof entry === 'string' && isPlainOrigin(entry)) {
        const origin = entry.replace(/\/$/, '');
        if (!csp[field].includes(origin)) csp[field].push(origin);
      } else refused.push(typeof entry === 'string' ? entry : JSON.stringify(entry));
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

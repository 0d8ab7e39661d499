/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension): a tool names a `ui://` resource in
 * `_meta.ui.resourceUri` (older servers: `_meta["ui/resourceUri"]`), an HTML document of MIME type
 * `text/html;profile=mcp-app` that a host renders in a sandboxed frame and talks to over `ui/*` postMessage.
 */
import { isJsonObject, type JsonObject } from './json.js';

export const appMimeType = 'text/html;profile=mcp-app';

/** The origins an app asked for in `_meta.ui.csp`, as Loupe kept them (see AppResource.refused). */
export interface AppCsp {
  connectDomains: string[];
  resourceDomains: string[];
  frameDomains: string[];
  baseUriDomains: string[];
}

export type AppCspList = keyof AppCsp;

/** An entry of `_meta.ui.csp` Loupe left out of the policy: as sent, from which list, and why. */
export interface AppCspRefusal {
  entry: string;
  list: AppCspList;
  reason: string;
}

export const appPermissions = ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const;
export type AppPermission = (typeof appPermissions)[number];

/** A ui:// resource read and checked by the backend, ready to render. */
export interface AppResource {
  uri: string;
  /** The document exactly as the server sent it (a blob decoded as UTF-8). */
  html: string;
  mimeType: string;
  csp: AppCsp;
  /** Entries of `_meta.ui.csp` that Loupe does not put into the policy, with the reason. */
  refused: AppCspRefusal[];
  /** Permissions `_meta.ui.permissions` asks for; the user decides which the frame gets. */
  permissions: AppPermission[];
  prefersBorder?: boolean;
  /** The sandbox origin's proxy page carrying this app's policy; absent when no sandbox origin runs. */
  frameUrl?: string;
  /** The sandbox origin (postMessage target of the outer frame). */
  sandboxOrigin?: string;
  /** The Content-Security-Policy header the sandbox serves this app's frame with (with frameUrl). */
  policy?: string;
}

/** A tool's UI resource: `_meta.ui.resourceUri`, else the older `_meta["ui/resourceUri"]`; only ui:// URIs. */
export function toolAppUri(tool: JsonObject): string | undefined {
  const meta = tool._meta;
  if (!isJsonObject(meta)) return undefined;
  const ui = meta.ui;
  const modern = isJsonObject(ui) ? ui.resourceUri : undefined;
  const uri = typeof modern === 'string' ? modern : meta['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

/** The raw resourceUri a tool declares (any scheme), for lint; undefined when none. */
export function declaredAppUri(tool: JsonObject): string | undefined {
  const meta = tool._meta;
  if (!isJsonObject(meta)) return undefined;
  const modern = isJsonObject(meta.ui) ? meta.ui.resourceUri : undefined;
  if (typeof modern === 'string') return modern;
  return typeof meta['ui/resourceUri'] === 'string' ? meta['ui/resourceUri'] : undefined;
}

/** Whether a MIME type is the MCP App one (parameters compared without spaces, case-insensitively). */
export function isAppMimeType(mimeType: unknown): boolean {
  return typeof mimeType === 'string' && mimeType.replace(/\s+/g, '').toLowerCase() === appMimeType;
}

/** Why an app's call waits for the person: the tool's annotations (the server's claims) say so, or do not say otherwise. */
export type AppConsentReason = 'destructive' | 'not-read-only';

/** The person's answer to an app's call: this call only, every call of this tool by this app in this session, or no. */
export type AppConsent = 'once' | 'session' | 'decline';

/** What became of an app's tools/call: the server's result, or a question for the person (the call waits, unsent). */
export type AppCallOutcome =
  | { status: 'done'; result: JsonObject }
  | { status: 'ask'; ticket: string; tool: string; reasons: AppConsentReason[]; title?: string };

/**
 * Whether a tool may be called by an app. SEP-1865 (MCP Apps, stable 2026-01-26), "Visibility": `visibility`
 * defaults to ["model", "app"] when omitted, and the host MUST reject tools/call requests from apps for tools
 * that don't include "app". So a tool without `_meta.ui.visibility` is callable; a malformed one (not an array)
 * is treated as not naming "app".
 */
export function appMayCall(tool: JsonObject): boolean {
  const meta = tool._meta;
  const ui = isJsonObject(meta) ? meta.ui : undefined;
  if (!isJsonObject(ui) || ui.visibility === undefined) return true;
  return Array.isArray(ui.visibility) && ui.visibility.includes('app');
}

/**
 * Why an app's call of this tool must wait for the person, if it must: `destructiveHint: true`, or anything short
 * of `readOnlyHint: true` (the MCP default for readOnlyHint is false). Annotations are the server's claims.
 */
export function appConsentReasons(tool: JsonObject): AppConsentReason[] {
  const annotations = isJsonObject(tool.annotations) ? tool.annotations : {};
  const reasons: AppConsentReason[] = [];
  if (annotations.destructiveHint === true) reasons.push('destructive');
  if (annotations.readOnlyHint !== true) reasons.push('not-read-only');
  return reasons;
}

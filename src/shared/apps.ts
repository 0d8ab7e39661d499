/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension): a tool names a `ui://` resource in
 * `_meta.ui.resourceUri` (older servers: `_meta["ui/resourceUri"]`), an HTML document of MIME type
 * `text/html;profile=mcp-app` that a host renders in a sandboxed frame and talks to over `ui/*` postMessage.
 */
import { isJsonObject, type JsonObject } from './json.js';

export const appMimeType = 'text/html;profile=mcp-app';

/** The origins an app asked for in `_meta.ui.csp`, as Loupe kept them (see AppResource.refusedDomains). */
export interface AppCsp {
  connectDomains: string[];
  resourceDomains: string[];
  frameDomains: string[];
  baseUriDomains: string[];
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
  /** Domains of `_meta.ui.csp` that Loupe does not put into a policy (not a plain http(s)/ws(s) origin), as sent. */
  refusedDomains: string[];
  /** Permissions `_meta.ui.permissions` asks for; the user decides which the frame gets. */
  permissions: AppPermission[];
  prefersBorder?: boolean;
  /** The sandbox origin's proxy page carrying this app's policy; absent when no sandbox origin runs. */
  frameUrl?: string;
  /** The sandbox origin (postMessage target of the outer frame). */
  sandboxOrigin?: string;
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

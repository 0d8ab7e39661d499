/**
 * Reads a `resources/read` result for a ui:// resource (hostile input) into an AppResource: the content
 * item for that URI, its HTML (text, or a blob decoded as UTF-8), its MIME type (must be the MCP App one)
 * and `_meta.ui` (csp, permissions, prefersBorder), from the content item or else from the resource's
 * entry in resources/list.
 */
import { appPermissions, isAppMimeType, type AppPermission, type AppResource } from '../../shared/apps.js';
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';
import { parseAppCsp } from './appCsp.js';

function appError(uri: string, message: string, data: JsonObject = {}): LoupeError {
  return new LoupeError({ kind: 'app-invalid', message: `${uri}: ${message}`, data: { uri, ...data } });
}

function uiMeta(item: JsonObject | undefined): JsonObject | undefined {
  const meta = item?._meta;
  return isJsonObject(meta) && isJsonObject(meta.ui) ? meta.ui : undefined;
}

function permissionsOf(value: JsonValue | undefined): AppPermission[] {
  if (!isJsonObject(value)) return [];
  return appPermissions.filter((name) => name in value && value[name] !== false && value[name] !== null);
}

export function parseAppResource(
  uri: string,
  readResult: JsonObject,
  listed?: JsonObject,
): Omit<AppResource, 'frameUrl' | 'sandboxOrigin' | 'policy'> {
  const contents = Array.isArray(readResult.contents) ? readResult.contents.filter(isJsonObject) : [];
  const item = contents.find((content) => content.uri === uri) ?? contents[0];
  if (!item) throw appError(uri, 'resources/read returned no contents.');
  if (!isAppMimeType(item.mimeType)) {
    throw appError(
      uri,
      `the content's MIME type is ${JSON.stringify(item.mimeType ?? null)}, not text/html;profile=mcp-app.`,
      {
        mimeType: item.mimeType ?? null,
      },
    );
  }
  let html: string;
  if (typeof item.text === 'string') html = item.text;
  else if (typeof item.blob === 'string') html = Buffer.from(item.blob, 'base64').toString('utf8');
  else throw appError(uri, 'the content has neither text nor blob.');
  const ui = uiMeta(item) ?? uiMeta(listed);
  const { csp, refused } = parseAppCsp(ui?.csp);
  const resource: Omit<AppResource, 'frameUrl' | 'sandboxOrigin' | 'policy'> = {
    uri,
    html,
    mimeType: typeof item.mimeType === 'string' ? item.mimeType : '',
    csp,
    refused,
    permissions: permissionsOf(ui?.permissions),
  };
  if (typeof ui?.prefersBorder === 'boolean') resource.prefersBorder = ui.prefersBorder;
  return resource;
}

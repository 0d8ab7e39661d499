/**
 * The request headers of the 2026-07-28 Streamable HTTP binding: Mcp-Method on every request, Mcp-Name for
 * tools/call, prompts/get (params.name), resources/read (params.uri) and the tasks extension's tasks/get,
 * tasks/update, tasks/cancel (params.taskId), and Mcp-Param-{Name} for each tool
 * parameter whose schema carries `x-mcp-header`. Values outside plain visible ASCII (or with edge whitespace,
 * or that look like the sentinel) travel as `=?base64?…?=`. MCP-Protocol-Version is the SDK transport's.
 *
 * A tool whose x-mcp-header declarations break the spec's rules keeps its place in Loupe's list (it is linted)
 * but is not called over HTTP: ToolHeaderMap.problem() names why.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';

/** One mirrored parameter: the property path from the schema root and the header name part. */
export interface ToolHeader {
  path: string[];
  name: string;
}

export type ToolHeaderScan = { headers: ToolHeader[] } | { problem: string };

const headerKey = 'x-mcp-header';
/** RFC 9110 token: 1*tchar. */
const tokenPattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const primitiveTypes = new Set(['string', 'integer', 'boolean']);
/** Keywords whose values are data, not schemas: an x-mcp-header key inside them is not a declaration. */
const dataKeywords = new Set(['const', 'default', 'enum', 'examples']);
const sentinelPattern = /^=\?base64\?.*\?=$/s;

/** A property path as links to the parent: copying whole paths per level is quadratic in a deep schema. */
interface PathLink {
  name: string;
  parent: PathLink | undefined;
}

/** A schema node still to visit: its property path and whether it was reached through "properties" alone. */
interface Pending {
  node: JsonValue;
  path: PathLink | undefined;
  reachable: boolean;
}

function pathOf(link: PathLink | undefined): string[] {
  const names: string[] = [];
  for (let step = link; step !== undefined; step = step.parent) names.push(step.name);
  return names.reverse();
}

/**
 * Reads a tool's x-mcp-header declarations, or says what makes them invalid (first problem found). Walks the
 * schema with an explicit stack, in document order: a server's schema may nest 100,000 levels deep.
 */
export function scanToolHeaders(tool: JsonObject): ToolHeaderScan {
  const headers: ToolHeader[] = [];
  const problems: string[] = [];
  const declaration = (node: JsonObject, link: PathLink | undefined, reachable: boolean): void => {
    const path = pathOf(link);
    const where = path.length > 0 ? path.join('.') : 'the schema root';
    const value = node[headerKey];
    const type = node.type;
    if (!reachable || path.length === 0) {
      problems.push(
        `${where}: x-mcp-header is only allowed on a property reached through "properties" keys alone`,
      );
    } else if (typeof value !== 'string' || value === '') {
      problems.push(`${where}: x-mcp-header must be a non-empty string`);
    } else if (!tokenPattern.test(value)) {
      problems.push(`${where}: x-mcp-header "${value}" is not an HTTP header token`);
    } else if (typeof type !== 'string' || !primitiveTypes.has(type)) {
      problems.push(
        `${where}: x-mcp-header needs type string, integer or boolean, not ${JSON.stringify(type ?? null)}`,
      );
    } else {
      const twin = headers.find((header) => header.name.toLowerCase() === value.toLowerCase());
      if (twin)
        problems.push(`${where}: x-mcp-header "${value}" repeats "${twin.name}" (${twin.path.join('.')})`);
      else headers.push({ path, name: value });
    }
  };
  const schema = tool.inputSchema;
  const stack: Pending[] = schema === undefined ? [] : [{ node: schema, path: undefined, reachable: true }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { node, path, reachable } = next;
    const children: Pending[] = [];
    if (Array.isArray(node)) {
      for (const element of node) children.push({ node: element, path, reachable: false });
    } else if (isJsonObject(node)) {
      if (headerKey in node) declaration(node, path, reachable);
      for (const [key, child] of Object.entries(node)) {
        if (dataKeywords.has(key) || key === headerKey) continue;
        if (key === 'properties' && isJsonObject(child)) {
          for (const [property, value] of Object.entries(child))
            children.push({ node: value, path: { name: property, parent: path }, reachable });
        } else {
          children.push({ node: child, path, reachable: false });
        }
      }
    }
    // Reversed, so the first child is visited next: the same order as a recursive walk.
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]);
  }
  return problems.length > 0 ? { problem: problems[0] } : { headers };
}

/** A header value as the spec encodes it: as is when plain visible ASCII, else Base64 of its UTF-8 in the sentinel. */
export function encodeHeaderValue(value: string): string {
  const plain =
    /^[\x20-\x7e\t]*$/.test(value) && !/^[ \t]|[ \t]$/.test(value) && !sentinelPattern.test(value);
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** The string form of an argument value, or undefined when it is not mirrored (absent, null, object, array). */
function headerText(value: JsonValue | undefined): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function valueAt(source: JsonValue | undefined, path: string[]): JsonValue | undefined {
  let node = source;
  for (const step of path) {
    if (!isJsonObject(node)) return undefined;
    node = node[step];
  }
  return node;
}

/** The x-mcp-header declarations of the latest tool listing, by tool name. The lists layer keeps it current. */
export class ToolHeaderMap {
  /** The latest definition of each tool, and its scan once a call asked for it. */
  private readonly tools = new Map<string, { tool: JsonObject; scan?: ToolHeaderScan }>();

  /**
   * Replaces what is known with this (complete or partial) listing's tools. A tool's schema is scanned only
   * when it is called: a 10,000-tool listing paid for scanning every schema it will never call.
   */
  learn(tools: JsonObject[], replace = true): void {
    if (replace) this.tools.clear();
    for (const tool of tools) {
      if (typeof tool.name === 'string') this.tools.set(tool.name, { tool });
    }
  }

  private scanOf(name: string): ToolHeaderScan | undefined {
    const known = this.tools.get(name);
    if (!known) return undefined;
    known.scan ??= scanToolHeaders(known.tool);
    return known.scan;
  }

  /** Why this tool cannot be called over HTTP, when its declarations are invalid. */
  problem(tool: string): string | undefined {
    const scan = this.scanOf(tool);
    return scan && 'problem' in scan ? scan.problem : undefined;
  }

  headersOf(tool: string): ToolHeader[] {
    const scan = this.scanOf(tool);
    return scan && 'headers' in scan ? scan.headers : [];
  }
}

/** The Mcp-* headers of one outgoing JSON-RPC message (a request; notifications get none). */
export function modernRequestHeaders(message: JsonObject, tools: ToolHeaderMap): Record<string, string> {
  const method = message.method;
  if (typeof method !== 'string' || message.id === undefined) return {};
  const headers: Record<string, string> = { 'Mcp-Method': method };
  const params = isJsonObject(message.params) ? message.params : {};
  // The tasks extension's tasks/get, tasks/update and tasks/cancel mirror params.taskId.
  const nameField =
    method === 'resources/read' ? params.uri : method.startsWith('tasks/') ? params.taskId : params.name;
  const named = [
    'tools/call',
    'prompts/get',
    'resources/read',
    'tasks/get',
    'tasks/update',
    'tasks/cancel',
  ].includes(method);
  if (named && typeof nameField === 'string') headers['Mcp-Name'] = encodeHeaderValue(nameField);
  if (method === 'tools/call' && typeof params.name === 'string') {
    for (const header of tools.headersOf(params.name)) {
      const text = headerText(valueAt(params.arguments, header.path));
      if (text !== undefined) headers[`Mcp-Param-${header.name}`] = encodeHeaderValue(text);
    }
  }
  return headers;
}

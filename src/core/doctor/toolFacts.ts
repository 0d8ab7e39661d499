/**
 * What the doctor reads about tools: whether a tool is in the listing, whether its inputSchema is one a form or a
 * call can use (lint's findings, not a second checker), whether the server's words say it does not know a tool,
 * and whether it announced a change of its tools since Loupe listed them.
 */
import type { Frame } from '../../shared/frames.js';
import type { JsonObject } from '../../shared/json.js';
import { isJsonObject } from '../../shared/json.js';
import type { Finding } from '../../shared/lint.js';
import { lintTools } from '../lint/lintTools.js';

export { cutLine } from './cutLine.js';

export function listedTool(tools: readonly JsonObject[], name: string): JsonObject | undefined {
  return tools.find((tool) => tool.name === name);
}

const unusableSchemaCodes = new Set<Finding['code']>([
  'input-schema-missing',
  'input-schema-not-object',
  'input-schema-invalid',
]);

/** Lint's finding that makes the tool's inputSchema unusable for a form or a call, if there is one. */
export function unusableSchema(tool: JsonObject): Finding | undefined {
  return lintTools([tool]).find(
    (finding) =>
      unusableSchemaCodes.has(finding.code) ||
      (finding.code === 'schema-too-deep' && finding.message.includes('inputSchema')),
  );
}

/**
 * Whether the server's text says it does not know the tool: "Unknown tool: x", "Tool x not found", "no such tool"…
 * (the spec's example is -32602 "Unknown tool"; the SDK's servers answer isError "Tool x not found").
 */
export function saysUnknownTool(text: string): boolean {
  return /\b(?:unknown|unrecognized|no such)\s+tool\b|\btool\b.{0,140}?\b(?:not found|does not exist|doesn't exist|not registered|is not available)\b/i.test(
    text,
  );
}

/** The text of an isError result's text blocks, joined (server text: cut before it is shown). */
export function resultText(result: JsonObject): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content
    .flatMap((block) => (isJsonObject(block) && typeof block.text === 'string' ? [block.text] : []))
    .join(' ');
}

/** The last tools/list request, and whether notifications/tools/list_changed arrived after it. */
export interface ListingNews {
  /** Seq of the last tools/list request frame, when the frames hold one. */
  listedAtSeq?: number;
  notifiedSince: boolean;
}

export function toolListingNews(frames: readonly Frame[]): ListingNews {
  let listedAtSeq: number | undefined;
  let notifiedSince = false;
  for (const frame of frames) {
    if (frame.direction === 'out' && frame.kind === 'request' && frame.method === 'tools/list') {
      listedAtSeq = frame.seq;
      notifiedSince = false;
    } else if (
      frame.direction === 'in' &&
      frame.kind === 'notification' &&
      frame.method === 'notifications/tools/list_changed'
    ) {
      notifiedSince = true;
    }
  }
  return { ...(listedAtSeq === undefined ? {} : { listedAtSeq }), notifiedSince };
}

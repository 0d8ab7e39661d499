/**
 * Judging a server: `lint` (the spec and Loupe's rules over every tool as sent, the session's stdout noise and
 * handshake, MCP Apps resources, shadowing across sessions) and `scan` (the security lens: hidden text, instructions
 * aimed at the model, poisoned descriptions, shadowed names, rug pulls against the pin). Both read every page of
 * the lists they judge. Findings come a window at a time, most severe first.
 */
import type { JsonObject, JsonValue } from '../../../shared/json.js';
import type { Finding } from '../../../shared/lint.js';
import {
  json,
  objectSchema,
  optionalCount,
  outputSchema,
  sessionOf,
  sessionProperty,
  type AgentTool,
} from './toolKit.js';

const severityOrder = { error: 0, warning: 1, info: 2 } as const;

function counted(findings: readonly Finding[]): JsonObject {
  const counts: Record<string, number> = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity] = (counts[finding.severity] ?? 0) + 1;
  return counts;
}

function window(findings: readonly Finding[], offset: number, limit: number): JsonValue {
  const sorted = [...findings].sort((a, b) => severityOrder[a.severity] - severityOrder[b.severity]);
  return json(sorted.slice(offset, offset + limit));
}

const findingsProperties: JsonObject = {
  session: { type: 'string' },
  total: { type: 'integer' },
  counts: {
    type: 'object',
    properties: { error: { type: 'integer' }, warning: { type: 'integer' }, info: { type: 'integer' } },
  },
  offset: { type: 'integer' },
  findings: {
    type: 'array',
    items: {
      type: 'object',
      properties: { code: { type: 'string' }, severity: { type: 'string' }, message: { type: 'string' } },
    },
  },
  nextOffset: { type: 'integer' },
};

const windowInput: JsonObject = {
  session: sessionProperty,
  offset: { type: 'integer', minimum: 0, description: 'First finding to return (default 0).' },
  limit: { type: 'integer', minimum: 1, maximum: 500, description: 'How many findings (default 100).' },
};

export const lintTool: AgentTool = {
  name: 'lint',
  title: 'Lint the server',
  description:
    "Checks every tool as the server sent it against the MCP spec and Loupe's rules (names, schemas that do not compile or nest too deep, missing descriptions, invalid x-mcp-header, deprecated features, duplicate names across pages), plus the session's handshake and stdout noise. Returns counts by severity, a summary of which fields the tools carry, and findings most severe first (a window: offset/limit). Use it after changing a server, and fix errors first. Walks the tools list if it was not listed yet.",
  inputSchema: objectSchema(windowInput, ['session']),
  outputSchema: outputSchema({ ...findingsProperties, summary: { type: 'object' } }, [
    'session',
    'total',
    'counts',
    'offset',
    'findings',
    'summary',
  ]),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  async run(args, context) {
    const session = sessionOf(args, context);
    const offset = optionalCount(args, 'offset', Number.MAX_SAFE_INTEGER) ?? 0;
    const limit = optionalCount(args, 'limit', 500) || 100;
    const report = await context.sessions.methods(session.id, 'lint').lint();
    const total = report.findings.length;
    return {
      structured: context.sessions.scrub(session, {
        session: session.id,
        total,
        counts: counted(report.findings),
        offset,
        findings: window(report.findings, offset, limit),
        ...(offset + limit < total ? { nextOffset: offset + limit } : {}),
        summary: json(report.summary),
      }),
    };
  },
};

export const scanTool: AgentTool = {
  name: 'scan',
  title: 'Scan the server for security problems',
  description:
    "Runs Loupe's security lens over every list of the server: hidden or invisible text, instructions aimed at the model, descriptions that reach for secrets or other tools, names that shadow another open session's tools, and — against the server's pin — descriptions changed since it was first seen (a rug pull). The first scan of a server pins what it shows now. Returns counts, the pin's state and findings most severe first (offset/limit). Walks every list the server offers.",
  inputSchema: objectSchema(windowInput, ['session']),
  outputSchema: outputSchema(
    {
      ...findingsProperties,
      server: { type: 'string' },
      pin: {},
      incomplete: { type: 'array', items: { type: 'string' } },
    },
    ['session', 'total', 'counts', 'offset', 'findings', 'server', 'incomplete'],
  ),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  async run(args, context) {
    const session = sessionOf(args, context);
    const offset = optionalCount(args, 'offset', Number.MAX_SAFE_INTEGER) ?? 0;
    const limit = optionalCount(args, 'limit', 500) || 100;
    const report = await context.sessions.methods(session.id, 'security').security();
    const total = report.findings.length;
    return {
      structured: context.sessions.scrub(session, {
        session: session.id,
        server: report.server,
        total,
        counts: counted(report.findings),
        offset,
        findings: window(report.findings, offset, limit),
        ...(offset + limit < total ? { nextOffset: offset + limit } : {}),
        pin: json(report.pin),
        incomplete: report.incomplete,
      }),
    };
  },
};

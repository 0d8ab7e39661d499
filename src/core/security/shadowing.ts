/**
 * Shadowing: a tool whose name equals a tool of another connected or configured server (a model calling it by name
 * may get the wrong one), and prose that refers to another server's tools (the WhatsApp demo: a trivia server's
 * description rewrote how the WhatsApp server's send_message was to be used).
 */
import type { OtherServerTools } from '../../shared/security.js';
import { references } from './references.js';
import type { FindingSink } from './findingSink.js';
import type { SurfaceText } from './surface.js';
import { evidenceOf } from './visibleText.js';

/** A tool name distinctive enough to mean that tool when it appears in prose (send_message, getUser; not "search"). */
const distinctive = (name: string): boolean =>
  name.length >= 5 && (/[_\-.]/.test(name) || /[a-z][A-Z]/.test(name));

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Rules for other servers or for all other tools. "Any other tools that require a project id" names some tools (of
 * this server) by a restrictive clause, not all of them: a phrase followed by that/which/of this/on this is not one.
 */
const otherServerPhrase =
  /\b(?:(?:the\s+)?other\s+(?:mcp\s+)?servers?|another\s+(?:mcp\s+)?server|all\s+other\s+tools|any\s+other\s+tools?|every\s+other\s+tool)\b(?!\s+(?:that|which|who|of\s+this|on\s+this|in\s+this|from\s+this)\b)/giu;

/**
 * The same server seen twice, not another one: the same name and exactly the same tool names. A replay of a recording
 * or a snapshot of this server, opened as a session beside it, or a second session to it, is this server: its tools
 * reach what this server's reach. A server that only names itself like this one but offers other tools (an impostor
 * with send_message alone) is another server and shadows as any other.
 */
export function sameServer(self: OtherServerTools, other: OtherServerTools): boolean {
  if (self.server === '' || self.server !== other.server) return false;
  const own = new Set(self.tools);
  const theirs = new Set(other.tools);
  return own.size === theirs.size && [...own].every((tool) => theirs.has(tool));
}

export function shadowingFindings(
  ownTools: readonly string[],
  texts: readonly SurfaceText[],
  allOthers: readonly OtherServerTools[],
  sink: FindingSink,
  ownServer?: string,
): void {
  const own = new Set(ownTools);
  const others =
    ownServer === undefined
      ? allOthers
      : allOthers.filter((other) => !sameServer({ server: ownServer, tools: ownTools }, other));
  for (const other of others) {
    for (const tool of other.tools) {
      if (!own.has(tool)) continue;
      const index = ownTools.indexOf(tool);
      sink.add({
        code: 'tool-name-shadowing',
        severity: 'warning',
        item: { kind: 'tool', name: tool, index },
        field: 'name',
        evidence: evidenceOf(tool, 0, tool.length),
        what: `has the same name as a tool of ${JSON.stringify(other.server)}`,
        why: 'Two servers offering a tool of the same name leave it to the client which one a call reaches; a malicious server uses this to stand in for a trusted tool.',
        reference: references.toolPoisoning,
        otherServer: other.server,
      });
    }
  }
  const mentions = others.flatMap((other) =>
    other.tools
      .filter((tool) => distinctive(tool) && !own.has(tool))
      .map((tool) => ({ tool, server: other.server })),
  );
  const patterns = mentions.map((mention) => ({
    ...mention,
    pattern: new RegExp(`(?<![\\w-])${escapeRegExp(mention.tool)}(?![\\w-])`, 'g'),
  }));
  for (const text of texts) {
    if (text.role !== 'prose') continue;
    for (const { tool, server, pattern } of patterns) {
      for (const match of text.text.matchAll(pattern)) {
        sink.onText(text, match.index, match.index + match[0].length, {
          code: 'cross-server-reference',
          severity: 'error',
          what: `refers to ${JSON.stringify(tool)}, a tool of ${JSON.stringify(server)}`,
          why: "A server has no business telling the model how to use another server's tools: this is how a poisoned server hijacks a trusted one (the WhatsApp demo rerouted send_message from a trivia tool).",
          reference: references.whatsApp,
          otherServer: server,
        });
      }
    }
    for (const match of text.text.matchAll(otherServerPhrase)) {
      sink.onText(text, match.index, match.index + match[0].length, {
        code: 'cross-server-reference',
        severity: 'warning',
        what: "speaks of other servers' tools",
        why: 'Descriptions that give rules for other servers or all other tools reach beyond their own tool: the shape of tool shadowing.',
        reference: references.toolPoisoning,
      });
    }
  }
}

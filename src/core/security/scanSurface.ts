/**
 * The security lens over one server: every finding about what it shows a model, in item order. Each finding is a
 * lint finding (code, severity, tool, index, message) with its security detail (item, field, evidence, why,
 * reference), so tool findings join the lint column and the rest show in the Security view.
 */
import type { Finding, Severity } from '../../shared/lint.js';
import { isJsonObject } from '../../shared/json.js';
import type { OtherServerTools, SecurityCode } from '../../shared/security.js';
import { securityCodes } from '../../shared/security.js';
import { FindingSink } from './findingSink.js';
import { hiddenTextFindings } from './hiddenText.js';
import { instructionFindings } from './modelInstructions.js';
import { shadowingFindings } from './shadowing.js';
import { itemKinds, itemOf, surfaceTexts, type ServerSurface } from './surface.js';
import { annotationFindings } from './annotations.js';
import { homoglyphFindings, parameterFindings, recipientDefaultFindings } from './toolChecks.js';

export interface ScanOptions {
  /** Other servers' tools (connected sessions, configured servers), for shadowing. */
  others?: readonly OtherServerTools[];
}

const rank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function scanSurface(surface: ServerSurface, options: ScanOptions = {}): Finding[] {
  const sink = new FindingSink();
  const texts = surfaceTexts(surface);
  hiddenTextFindings(texts, sink);
  instructionFindings(texts, sink);
  const items = itemKinds.flatMap(([list, kind, keyField]) =>
    ((surface[list] as readonly unknown[] | undefined) ?? []).flatMap((entry, index) =>
      isJsonObject(entry) ? [{ entry, item: itemOf(kind, entry, keyField, index) }] : [],
    ),
  );
  const otherNames = new Map(
    (options.others ?? []).flatMap((other) =>
      other.tools.map((tool) => [tool, other.server] as [string, string]),
    ),
  );
  homoglyphFindings(
    items.map(({ item }) => item),
    otherNames,
    sink,
  );
  for (const { entry, item } of items) {
    if (item.kind !== 'tool') continue;
    annotationFindings(entry, item, sink);
    parameterFindings(entry, item, sink);
    recipientDefaultFindings(entry, item, sink);
  }
  const toolNames = (surface.tools ?? []).map((tool) => (typeof tool.name === 'string' ? tool.name : ''));
  const ownServer = surface.serverInfo?.name;
  shadowingFindings(
    toolNames,
    texts,
    options.others ?? [],
    sink,
    typeof ownServer === 'string' ? ownServer : undefined,
  );
  const kindOrder = ['server', 'instructions', 'tool', 'prompt', 'resource', 'template', 'skill'];
  return sink.findings.sort(
    (left, right) =>
      kindOrder.indexOf(left.security?.item.kind ?? '') -
        kindOrder.indexOf(right.security?.item.kind ?? '') ||
      (left.security?.item.index ?? 0) - (right.security?.item.index ?? 0) ||
      rank[left.severity] - rank[right.severity] ||
      securityCodes.indexOf(left.code as SecurityCode) - securityCodes.indexOf(right.code as SecurityCode),
  );
}

export { securityRuleSeverity } from './ruleSeverity.js';

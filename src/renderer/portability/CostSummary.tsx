/** The token cost of the tool list: one line in the tools header, a fuller one in the server (handshake) view. */
import { useLoupeStore } from '../store/store';
import type { LoupeState } from '../store/types';
import { formatTokens } from './verdicts';

/** The costs asked right after listing, or those of a report fetched since (the same tool list). */
function costsOf(state: LoupeState) {
  return state.portability?.costs ?? state.portabilityCosts?.costs ?? null;
}

/** In the tools header: the whole list's cost, live sessions only (a snapshot view has none). */
export function ToolsCost() {
  const costs = useLoupeStore((state) => (state.snapshotView ? null : costsOf(state)));
  if (!costs || costs.tools.length === 0) return null;
  const { total } = costs;
  return (
    <div className="muted small tools-cost" title={costs.method}>
      Definitions: {formatTokens(total.o200k)} tokens (o200k) · ~{formatTokens(total.claudeEstimate)} for
      Claude (estimate)
    </div>
  );
}

/** In the server view: the total for this server and its three heaviest tools. */
export function ServerCost() {
  const costs = useLoupeStore((state) => (state.snapshotView ? null : costsOf(state)));
  if (!costs) return null;
  const { total, tools } = costs;
  const heaviest = tools.slice(0, 3).map((tool) => `${tool.name} ${formatTokens(tool.o200k)}`);
  return (
    <p className="server-cost">
      {tools.length} tool definitions cost this server {formatTokens(total.o200k)} tokens (o200k) ·{' '}
      {formatTokens(total.cl100k)} (cl100k) · ~{formatTokens(total.claudeEstimate)} for Claude (estimate)
      {heaviest.length > 0 ? `; heaviest: ${heaviest.join(', ')}` : ''}.
    </p>
  );
}

/** The token cost of the tool list: one line in the tools header, a fuller one in the server (handshake) view. */
import { useLoupeStore } from '../store/store';
import { formatTokens } from './verdicts';

/** In the tools header: the whole list's cost, live sessions only (a snapshot view has none). */
export function ToolsCost() {
  const view = useLoupeStore((state) => (state.snapshotView ? null : state.portability));
  if (!view || view.report.tools.length === 0) return null;
  const { total } = view.costs;
  return (
    <div className="muted small tools-cost" title={view.costs.method}>
      Definitions: {formatTokens(total.o200k)} tokens (o200k) · ~{formatTokens(total.claudeEstimate)} for
      Claude (estimate)
    </div>
  );
}

/** In the server view: the total for this server and its three heaviest tools. */
export function ServerCost() {
  const view = useLoupeStore((state) => (state.snapshotView ? null : state.portability));
  if (!view) return null;
  const { total, tools } = view.costs;
  const heaviest = tools.slice(0, 3).map((tool) => `${tool.name} ${formatTokens(tool.o200k)}`);
  return (
    <p className="server-cost">
      {view.report.tools.length} tool definitions cost this server {formatTokens(total.o200k)} tokens (o200k)
      · {formatTokens(total.cl100k)} (cl100k) · ~{formatTokens(total.claudeEstimate)} for Claude (estimate)
      {heaviest.length > 0 ? `; heaviest: ${heaviest.join(', ')}` : ''}.
    </p>
  );
}

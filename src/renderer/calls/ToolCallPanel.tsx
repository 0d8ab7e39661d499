/** PLACEHOLDER written by the UI helper (issue 3); the issue-4 helper owns and replaces this file. */
import type { JsonObject } from '../../shared/json';

export function ToolCallPanel({ tool }: { tool: JsonObject }) {
  return (
    <section className="panel-note" aria-label="Call tool">
      Calling {typeof tool.name === 'string' ? tool.name : 'this tool'} arrives with the tool-calling panel.
    </section>
  );
}

/**
 * A server's tool summary, shaped like the field table of reference/tools-list-field-reference.txt:
 * how many tools carry each field, naming conventions and name lengths. Counts, not percentages: the
 * share is count / toolCount, and a count never rounds away a single tool.
 */
import type { NamingConvention, SummaryField, ToolSummary } from '../../shared/lint.js';
import { summaryFields } from '../../shared/lint.js';
import type { JsonObject } from '../../shared/json.js';
import { isJsonObject } from '../../shared/json.js';

/**
 * snake_case and kebab-case need at least one separator, camelCase at least one capital after a lower-case
 * start; a single lower-case word (`search`) is "other", as the reference table's "single word or other" row.
 */
const conventions: [Exclude<NamingConvention, 'other'>, RegExp][] = [
  ['snake_case', /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/],
  ['kebab-case', /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/],
  ['camelCase', /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/],
];

export function namingConvention(name: string): NamingConvention {
  for (const [convention, pattern] of conventions) if (pattern.test(name)) return convention;
  return 'other';
}

/** Whether a tool carries a field: present and not null; description only as a non-blank string. */
function carries(tool: JsonObject, field: SummaryField): boolean {
  switch (field) {
    case 'description':
      return typeof tool.description === 'string' && tool.description.trim() !== '';
    case 'execution.taskSupport':
      return isJsonObject(tool.execution) && tool.execution.taskSupport !== undefined && tool.execution.taskSupport !== null;
    default:
      return tool[field] !== undefined && tool[field] !== null;
  }
}

function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function summarizeTools(tools: readonly JsonObject[]): ToolSummary {
  const counter = new ToolSummaryCounter();
  counter.add(tools);
  return counter.summary();
}

/** The summary of a list taken a page at a time: the same as summarizeTools over every page added. */
export class ToolSummaryCounter {
  readonly #fields = Object.fromEntries(summaryFields.map((field) => [field, 0])) as Record<SummaryField, number>;
  readonly #naming: Record<NamingConvention, number> = { snake_case: 0, 'kebab-case': 0, camelCase: 0, other: 0 };
  readonly #lengths: number[] = [];
  #count = 0;

  add(tools: readonly JsonObject[]): void {
    for (const tool of tools) {
      this.#count += 1;
      for (const field of summaryFields) if (carries(tool, field)) this.#fields[field] += 1;
      // Tools without a string name count as "other" so the shares add up to toolCount.
      const name = typeof tool.name === 'string' ? tool.name : undefined;
      this.#naming[name === undefined ? 'other' : namingConvention(name)] += 1;
      if (name !== undefined) this.#lengths.push([...name].length);
    }
  }

  summary(): ToolSummary {
    const lengths = [...this.#lengths].sort((left, right) => left - right);
    return {
      toolCount: this.#count,
      fields: { ...this.#fields },
      naming: { ...this.#naming },
      nameLength: lengths.length === 0 ? null : { min: lengths[0], median: median(lengths), max: lengths[lengths.length - 1] },
    };
  }
}

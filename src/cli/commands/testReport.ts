/** The text report of `loupe test`: a line per step, each failed assertion with expected, actual and a diff. */
import type { CollectionReport, StepResult } from '../../shared/collections.js';
import { assertionLines } from '../../core/collections/reporters/assertionText.js';
import { printable } from '../terminal.js';

const mark = { passed: '✓', failed: '✗', error: '!', skipped: '-' } as const;

function stepLines(step: StepResult, verbose: boolean): string[] {
  const latency =
    step.latency && step.latency.count > 1
      ? ` · p50 ${step.latency.p50} ms, p95 ${step.latency.p95} ms, max ${step.latency.max} ms over ${step.latency.count}`
      : '';
  const head = `${mark[step.status]} ${printable(step.name)} (${step.method}, ${Math.round(step.ms)} ms${latency})`;
  if (step.status === 'skipped') return [`${head} skipped: ${printable(step.skippedBecause ?? '')}`];
  if (step.status === 'error')
    return [head, `    ${printable(step.error?.kind ?? 'error')}: ${printable(step.error?.message ?? '')}`];
  const lines = [head];
  for (const assertion of step.assertions) {
    if (assertion.passed) {
      if (verbose) lines.push(`    ✓ ${printable(assertion.name)}`);
    } else lines.push(...assertionLines(assertion, '    ').map(printable));
  }
  if (step.status === 'failed' && step.requestSeq !== undefined)
    lines.push(
      `    frames: #${step.requestSeq}${step.responseSeq !== undefined ? ` → #${step.responseSeq}` : ''}`,
    );
  return lines;
}

export function reportLines(report: CollectionReport, verbose = false): string[] {
  const lines = [`${printable(report.name)}${report.server ? ` · ${printable(report.server)}` : ''}`, ''];
  for (const step of report.steps) lines.push(...stepLines(step, verbose));
  const { counts } = report;
  const assertions = report.steps.reduce((sum, step) => sum + step.assertions.length, 0);
  const failedAssertions = report.steps.reduce(
    (sum, step) => sum + step.assertions.filter((assertion) => !assertion.passed).length,
    0,
  );
  lines.push('');
  if (report.aborted)
    lines.push(`stopped: ${printable(report.aborted.kind)}: ${printable(report.aborted.message)}`);
  if (report.interrupted !== undefined)
    lines.push(
      `interrupted (${printable(report.interrupted)}): the steps in flight were cancelled, the rest did not run`,
    );
  lines.push(
    `${counts.passed} passed, ${counts.failed} failed, ${counts.error} errors, ${counts.skipped} skipped · ${assertions - failedAssertions}/${assertions} assertions passed · ${(report.ms / 1000).toFixed(1)} s`,
  );
  return lines;
}

/** A collection report as TAP version 13: one test point per step, YAML diagnostics for each failure. */
import type { CollectionReport } from '../../../shared/collections.js';
import { stringifyJson } from '../../json/stringifyJson.js';

/** A value on one YAML line: JSON is valid YAML flow, and escapes every control character. */
const yaml = (value: unknown): string => stringifyJson(value ?? null);

/** TAP descriptions end at a newline and treat "#" as a directive: both made inert. */
export const tapDescription = (text: string): string => text.replace(/[\r\n]+/g, ' ').replace(/#/g, '\\#');

export function tapReport(report: CollectionReport): string {
  const lines = ['TAP version 13', `1..${report.steps.length}`];
  report.steps.forEach((step, index) => {
    const number = index + 1;
    const name = tapDescription(`${step.name} (${step.method})`);
    if (step.status === 'skipped') {
      lines.push(`ok ${number} - ${name} # SKIP ${tapDescription(step.skippedBecause ?? '')}`);
      return;
    }
    lines.push(`${step.status === 'passed' ? 'ok' : 'not ok'} ${number} - ${name}`);
    if (step.status === 'passed') return;
    lines.push('  ---');
    if (step.error) lines.push(`  error: ${yaml(`${step.error.kind}: ${step.error.message}`)}`);
    const failed = step.assertions.filter((assertion) => !assertion.passed);
    if (failed.length > 0) {
      lines.push('  failures:');
      for (const assertion of failed) {
        lines.push(`    - assertion: ${yaml(assertion.name)}`);
        if (assertion.message) lines.push(`      message: ${yaml(assertion.message)}`);
        if (assertion.expected !== undefined) lines.push(`      expected: ${yaml(assertion.expected)}`);
        if (assertion.actual !== undefined) lines.push(`      actual: ${yaml(assertion.actual)}`);
      }
    }
    lines.push(`  duration_ms: ${step.ms}`, '  ...');
  });
  if (report.aborted)
    lines.push(`Bail out! ${tapDescription(`${report.aborted.kind}: ${report.aborted.message}`)}`);
  if (report.interrupted !== undefined)
    lines.push(`Bail out! ${tapDescription(`interrupted (${report.interrupted})`)}`);
  const { counts } = report;
  lines.push(
    `# passed ${counts.passed}, failed ${counts.failed}, errors ${counts.error}, skipped ${counts.skipped}`,
    '',
  );
  return lines.join('\n');
}

/** A collection that could not run at all: TAP's "Bail out!", with why. */
export function tapCannotRun(error: { kind: string; message: string }): string {
  return `TAP version 13\nBail out! ${tapDescription(`${error.kind}: ${error.message}`)}\n`;
}

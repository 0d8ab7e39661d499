/** The text report of `loupe conform`: per scenario, ✓/✗ per check with the suite's message and the frames judged. */
import type { ConformCheck, ConformReport } from '../../shared/conform.js';
import { interruptedText } from '../../core/conform/junitReport.js';
import { plural, printable } from '../terminal.js';

const marks: Record<ConformCheck['status'], string> = {
  SUCCESS: '✓',
  FAILURE: '✗',
  WARNING: '!',
  SKIPPED: '-',
  INFO: 'i',
};

function frameList(frames: readonly number[]): string {
  if (frames.length === 0) return 'no frames';
  const shown = frames
    .slice(0, 12)
    .map((seq) => `#${seq}`)
    .join(' ');
  return frames.length > 12 ? `frames ${shown} … (${frames.length})` : `frames ${shown}`;
}

export function conformLines(report: ConformReport): string[] {
  const lines = [
    `Conformance of ${printable(report.target)} to ${report.revision} (${printable(report.revisionReason)}), ${report.suite.name} ${report.suite.version}`,
  ];
  if (report.bridge) lines.push(`Note: ${report.bridge}.`);
  if (report.fixtures) lines.push(`Note: ${printable(report.fixtures)}.`);
  if (report.interrupted)
    lines.push(`Interrupted: ${printable(interruptedText(report, report.interrupted))}.`);
  for (const scenario of report.scenarios) {
    const failed = scenario.checks.some((check) => check.status === 'FAILURE');
    const scored = scenario.scored ? '' : ` (not scored: ${scenario.notScoredReason ?? 'not required'})`;
    lines.push('', `${failed ? '✗' : '✓'} ${printable(scenario.name)}${scored}`);
    for (const check of scenario.checks) {
      const message =
        check.status === 'SUCCESS' ? '' : check.errorMessage ? `: ${printable(check.errorMessage)}` : '';
      lines.push(`  ${marks[check.status]} ${printable(check.id)}${message}  [${frameList(check.frames)}]`);
    }
  }
  const { counts } = report;
  lines.push(
    '',
    `${counts.passed} passed, ${counts.failed} failed (${counts.requiredFailed} required), ${plural(counts.warnings, 'warning')} in ${plural(report.scenarios.length, 'scenario')}: ${report.interrupted ? 'INTERRUPTED' : report.passed ? 'PASSED' : 'FAILED'}`,
  );
  if (report.journalPath) lines.push(`Frames: ${report.journalPath}`);
  return lines;
}

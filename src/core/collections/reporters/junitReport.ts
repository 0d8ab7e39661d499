/**
 * A collection report as JUnit XML (the Jenkins / Surefire shape CI systems read): one testsuite per collection,
 * one testcase per step; a failed assertion is a <failure> listing each failed assertion with expected, actual and
 * the diff; a request that failed is an <error>; a skipped step <skipped>. Server text is hostile: escaped, and the
 * characters XML 1.0 cannot hold are written as visible \uXXXX escapes.
 */
import type { CollectionReport, StepResult } from '../../../shared/collections.js';
import { assertionLines } from './assertionText.js';

/** Characters XML 1.0 cannot hold: C0 controls other than tab, newline and return; U+FFFE, U+FFFF; lone surrogates. */
const notXml =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function xmlText(text: string): string {
  return text
    .replace(notXml, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

function testcase(report: CollectionReport, step: StepResult): string {
  const head = `  <testcase name="${xmlText(step.name)}" classname="${xmlText(`${report.name}.${step.method}`)}" time="${seconds(step.ms)}"`;
  const failed = step.assertions.filter((assertion) => !assertion.passed);
  const passed = step.assertions
    .filter((assertion) => assertion.passed)
    .map((assertion) => `✓ ${assertion.name}`);
  const out = passed.length > 0 ? `\n    <system-out>${xmlText(passed.join('\n'))}</system-out>` : '';
  if (step.status === 'skipped')
    return `${head}>\n    <skipped message="${xmlText(step.skippedBecause ?? 'skipped')}"/>\n  </testcase>`;
  if (step.status === 'error') {
    const kind = step.error?.kind ?? 'error';
    const message = step.error?.message ?? 'the step could not run';
    return `${head}>\n    <error message="${xmlText(message)}" type="${xmlText(kind)}">${xmlText(`${kind}: ${message}`)}</error>\n  </testcase>`;
  }
  if (step.status === 'failed') {
    const summary = `${failed.length} of ${step.assertions.length} assertion${step.assertions.length === 1 ? '' : 's'} failed: ${failed.map((assertion) => assertion.name).join('; ')}`;
    const body = failed.flatMap((assertion) => assertionLines(assertion)).join('\n');
    return `${head}>\n    <failure message="${xmlText(summary)}" type="assertion">${xmlText(body)}</failure>${out}\n  </testcase>`;
  }
  return out ? `${head}>${out}\n  </testcase>` : `${head}/>`;
}

/**
 * The root is the one <testsuite> (the Surefire / Ant file shape), not a <testsuites> wrapper: the Jenkins / Ant
 * schema defines no skipped count on <testsuites>, and consumers that read a wrapper's counts (test-results-parser,
 * for one) would then count skipped steps as passed. A lone testsuite carries every count where all of them look.
 */
export function junitReport(report: CollectionReport): string {
  const { counts } = report;
  // An interrupted run says so in a testcase of its own, in error: a reader that looks only at the counts sees it.
  const interrupted = report.interrupted !== undefined ? 1 : 0;
  const tests = report.steps.length + interrupted;
  const attributes = `tests="${tests}" failures="${counts.failed}" errors="${counts.error + interrupted}" skipped="${counts.skipped}" time="${seconds(report.ms)}"`;
  const property = (name: string, value: string): string =>
    `    <property name="${name}" value="${xmlText(value)}"/>`;
  const listed = [
    ...(report.aborted ? [property('aborted', `${report.aborted.kind}: ${report.aborted.message}`)] : []),
    ...(report.interrupted !== undefined ? [property('interrupted', report.interrupted)] : []),
  ];
  const properties = listed.length > 0 ? `\n  <properties>\n${listed.join('\n')}\n  </properties>` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="${xmlText(report.name)}" ${attributes} timestamp="${report.startedAt.replace(/\.\d+Z$/, '')}">${properties}`,
    ...report.steps.map((step) => testcase(report, step)),
    ...(report.interrupted !== undefined ? [interruptedCase(report, report.interrupted)] : []),
    '</testsuite>',
    '',
  ].join('\n');
}

/** The testcase that says a run was interrupted, and how far it got. */
function interruptedCase(report: CollectionReport, why: string): string {
  const finished = report.counts.passed + report.counts.failed;
  const message = `the run was interrupted (${why}): ${finished} of ${report.steps.length} steps finished, the rest did not run to the end`;
  return [
    `  <testcase name="(interrupted)" classname="${xmlText(report.name)}" time="0.000">`,
    `    <error message="${xmlText(message)}" type="interrupted">${xmlText(message)}</error>`,
    '  </testcase>',
  ].join('\n');
}

/**
 * A collection that could not run at all (an invalid file, no target, a failed connection): one testcase with an
 * <error>, so a CI that reads the file shows why instead of finding no report.
 */
export function junitCannotRun(
  name: string,
  error: { kind: string; message: string },
  startedAt: string,
): string {
  const message = `the collection could not run: ${error.message}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="${xmlText(name)}" tests="1" failures="0" errors="1" skipped="0" time="0.000" timestamp="${startedAt.replace(/\.\d+Z$/, '')}">`,
    `  <testcase name="(run)" classname="${xmlText(name)}" time="0.000">`,
    `    <error message="${xmlText(message)}" type="${xmlText(error.kind)}">${xmlText(`${error.kind}: ${error.message}`)}</error>`,
    '  </testcase>',
    '</testsuite>',
    '',
  ].join('\n');
}

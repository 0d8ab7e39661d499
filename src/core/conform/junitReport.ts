/**
 * A conformance report as JUnit XML: one testsuite per scenario, one testcase per check (classname the scenario);
 * a FAILURE is a <failure> with the suite's message and the frames it judged, SKIPPED is <skipped>, a WARNING
 * passes with its message in <system-out>. A not-scored scenario's failures are kept but marked in its properties
 * (they do not decide the exit code).
 */
import type { ConformCheck, ConformReport, ConformScenario } from '../../shared/conform.js';
import { xmlText } from '../collections/reporters/junitReport.js';

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

const frameText = (check: ConformCheck): string =>
  check.frames.length > 0 ? `frames: ${check.frames.join(', ')}` : 'frames: none recorded';

function testcase(scenario: ConformScenario, check: ConformCheck): string {
  const head = `      <testcase name="${xmlText(check.id)}" classname="${xmlText(scenario.name)}" time="0.000"`;
  const text = [check.description, frameText(check)].filter(Boolean).join('\n');
  if (check.status === 'FAILURE') {
    const message = check.errorMessage ?? check.description;
    return `${head}>\n        <failure message="${xmlText(message)}" type="${scenario.scored ? 'conformance' : 'not-scored'}">${xmlText(`${message}\n${text}`)}</failure>\n      </testcase>`;
  }
  if (check.status === 'SKIPPED')
    return `${head}>\n        <skipped message="${xmlText(check.errorMessage ?? 'skipped by the suite')}"/>\n      </testcase>`;
  const note = check.status === 'WARNING' ? `WARNING: ${check.errorMessage ?? ''}\n${text}` : text;
  return `${head}>\n        <system-out>${xmlText(note)}</system-out>\n      </testcase>`;
}

function suite(report: ConformReport, scenario: ConformScenario): string {
  const failures = scenario.checks.filter((check) => check.status === 'FAILURE').length;
  const skipped = scenario.checks.filter((check) => check.status === 'SKIPPED').length;
  const properties = [
    ['revision', report.revision],
    ['scored', String(scenario.scored)],
    ...(scenario.notScoredReason ? [['not-scored-reason', scenario.notScoredReason]] : []),
  ]
    .map(
      ([name, value]) => `        <property name="${xmlText(name ?? '')}" value="${xmlText(value ?? '')}"/>`,
    )
    .join('\n');
  return [
    `    <testsuite name="${xmlText(scenario.name)}" tests="${scenario.checks.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(scenario.ms)}">`,
    `      <properties>\n${properties}\n      </properties>`,
    ...scenario.checks.map((check) => testcase(scenario, check)),
    '    </testsuite>',
  ].join('\n');
}

/**
 * The <testsuites> root carries a name and a time but no counts: the Jenkins / Ant schema defines no skipped count
 * there, and a consumer that reads a root's tests without its skipped (test-results-parser, for one) would count
 * skipped checks as passed. Without root counts consumers sum the suites, each of which has all four.
 */
export function conformJunit(report: ConformReport): string {
  const name = xmlText(`loupe conform ${report.target} (${report.revision})`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${name}" time="${seconds(report.ms)}">`,
    ...report.scenarios.map((scenario) => suite(report, scenario)),
    ...(report.interrupted ? [interruptedSuite(report, report.interrupted)] : []),
    '</testsuites>',
    '',
  ].join('\n');
}

/** An interrupted run says so in a suite of its own with one testcase in error: no reader takes it for a pass. */
function interruptedSuite(
  report: ConformReport,
  interrupted: NonNullable<ConformReport['interrupted']>,
): string {
  const message = interruptedText(report, interrupted);
  return [
    '    <testsuite name="(interrupted)" tests="1" failures="0" errors="1" skipped="0" time="0.000">',
    `      <testcase name="(run)" classname="(interrupted)" time="0.000">`,
    `        <error message="${xmlText(message)}" type="interrupted">${xmlText(message)}</error>`,
    '      </testcase>',
    '    </testsuite>',
  ].join('\n');
}

/** What an interrupted run did, in words (the text report says the same). */
export function interruptedText(
  report: ConformReport,
  interrupted: NonNullable<ConformReport['interrupted']>,
): string {
  const during = interrupted.scenario
    ? ` during ${interrupted.scenario}, which was stopped and is not judged`
    : '';
  const finished = report.scenarios.length;
  return `the run was interrupted (${interrupted.reason})${during}: ${finished} scenario${finished === 1 ? '' : 's'} finished and are reported, the rest did not run`;
}

/**
 * The last pass over a written report (text, JUnit, TAP, JSON) for the environment values a run used. The report's
 * values were scrubbed already (variables.ts: every string, in every form a string can hold a value); each format
 * then escapes those strings its own way, and this pass removes what that could still spell: the value as XML
 * escapes it (JUnit), as JSON escapes it once or twice (JSON, TAP's YAML, a JSON text inside a result), as a TAP
 * description writes it, and as the terminal report writes it (the caller's `printed`).
 */
import { namedSecretScrubber } from '../../snapshot/secretText.js';
import { envSecrets, minimumScrubbedLength } from '../variables.js';
import { xmlText } from './junitReport.js';
import { tapDescription } from './tapReport.js';

const json = (text: string): string => JSON.stringify(text).slice(1, -1);

/** The value as each report format writes a string holding it. */
function writtenForms(value: string, printed: (text: string) => string): string[] {
  const forms = [value, json(value), json(json(value))];
  return [...forms, ...forms.map(xmlText), ...forms.map(tapDescription), ...forms.map(printed)];
}

/**
 * A function that returns report text without any environment value the run used (3 characters or more), in any
 * form it is written; `printed` is how the terminal report writes text.
 */
export function reportScrubber(
  usedEnv: ReadonlyMap<string, string>,
  printed: (text: string) => string = (same) => same,
): (text: string) => string {
  const scrub = namedSecretScrubber(envSecrets(usedEnv), minimumScrubbedLength, (value) =>
    writtenForms(value, printed),
  );
  return scrub ?? ((text) => text);
}

/**
 * xmllint (Debian's libxml2-utils), the real validator the JUnit reports are checked by. A machine without it fails
 * the test with a line naming the package: a refusal it could not have made never reads as one it made.
 */
import { spawnSync } from 'node:child_process';

export interface XmllintVerdict {
  code: number | null;
  output: string;
}

/** Runs xmllint `--noout` on a file, against a schema when one is given. */
export function xmllint(file: string, schema?: string): XmllintVerdict {
  const args = ['--noout', ...(schema === undefined ? [] : ['--schema', schema]), file];
  const run = spawnSync('xmllint', args, { encoding: 'utf8' });
  if (run.error)
    throw new Error(
      `xmllint could not run (${run.error.message}): install it (Debian: apt-get install libxml2-utils)`,
    );
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

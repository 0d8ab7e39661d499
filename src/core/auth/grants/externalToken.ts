/**
 * A JWT Loupe is handed rather than issues: a workload's identity token (SEP-1933: a file a platform refreshes, or
 * a command that prints one) or the user's ID token from the enterprise IdP (SEP-990). Read once per sign-in, shown
 * as its claims (never the token), refused with a named error when missing, empty, not a JWT or already expired.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { JsonObject } from '../../../shared/json.js';
import { authFailure } from '../authFailure.js';
import { check, type StepLog } from '../stepLog.js';
import { peekClaims } from './jwt.js';

export interface TokenSource {
  file?: string;
  command?: string;
  /** What the token is, in messages ("the workload's JWT", "the ID token"). */
  label: string;
  /** The flags that give it, in messages. */
  flags: string;
}

const commandTimeoutMs = 30_000;

function runCommand(command: string, label: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      '/bin/sh',
      ['-c', command],
      { timeout: commandTimeoutMs, maxBuffer: 256 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const why = error.killed
          ? `did not finish within ${commandTimeoutMs / 1000} s`
          : `exited with ${String(error.code ?? 'an error')}${stderr.trim() ? `: ${stderr.trim().split('\n')[0]?.slice(0, 200) ?? ''}` : ''}`;
        reject(authFailure('assertion', `the command for ${label} ${why}`));
      },
    );
  });
}

export async function readExternalToken(log: StepLog, source: TokenSource): Promise<string> {
  let text: string;
  let from: string;
  if (source.file !== undefined) {
    from = `file ${JSON.stringify(source.file)}`;
    try {
      text = await readFile(source.file, 'utf8');
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw authFailure(
        'assertion',
        `cannot read ${source.label} from ${from} (${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String(code ?? error)})`,
      );
    }
  } else if (source.command !== undefined) {
    from = `command ${JSON.stringify(source.command)}`;
    text = await runCommand(source.command, source.label);
  } else {
    throw authFailure('assertion', `${source.label} is needed (${source.flags})`);
  }
  const token = text.trim();
  const claims = token === '' ? undefined : peekClaims(token);
  const learned: JsonObject = { token: source.label, source: from };
  for (const name of ['iss', 'sub', 'aud', 'exp'] as const)
    if (claims?.[name] !== undefined) learned[name] = claims[name] ?? null;
  const step = log.note('assertion', learned);
  if (!check(step, `${source.label} is not empty`, token !== ''))
    throw authFailure('assertion', `${source.label} from ${from} is empty`);
  if (
    !check(
      step,
      `${source.label} is a JWT (three base64url parts, JSON claims)`,
      claims !== undefined && token.split('.').length === 3,
    )
  )
    throw authFailure('assertion', `${source.label} from ${from} is not a JWT`);
  const exp = claims?.exp;
  const now = Math.floor(Date.now() / 1000);
  if (
    typeof exp === 'number' &&
    !check(step, `${source.label} has not expired (exp)`, exp > now, `exp ${exp}, now ${now}`)
  )
    throw authFailure(
      'assertion',
      `${source.label} from ${from} expired ${now - exp} s ago; get a fresh one`,
    );
  return token;
}

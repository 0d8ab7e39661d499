/** `loupe auth logout --url <url>`: forgets the server's saved sign-in. */
import type { Invocation } from '../arguments.js';
import { cliTokenStore } from '../authSetup.js';
import { terminalJson, type Terminal } from '../terminal.js';

export function authCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  const target = invocation.target;
  if (!target || target.transport === 'stdio' || target.transport === 'demo') return Promise.resolve(2);
  const removed = cliTokenStore(invocation.options).forget(target.url);
  if (invocation.options.json) terminal.out(terminalJson({ url: target.url, signedOut: removed > 0, removed }, 2));
  else terminal.out(removed > 0 ? `Signed out of ${target.url}.` : `No saved sign-in for ${target.url}.`);
  return Promise.resolve(0);
}

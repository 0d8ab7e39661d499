/**
 * `loupe list`: every item of one list, all pages; an incomplete walk prints what it got, then fails.
 * Only what opens the session is imported up front. The output code (the table, the JSON writer, lint for --json)
 * loads once the server is spawned, while it starts up and answers: the first recorded frame is the request Loupe
 * wrote to it. The tokenizers (most of a run's memory, and its longest load) only with --costs.
 */
import type { Invocation } from '../arguments.js';
import { walk } from '../listing.js';
import { withSession } from '../sessionScope.js';
import type { Terminal } from '../terminal.js';

export async function listCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  if (invocation.config && invocation.config.server === undefined) {
    return (await import('./configList.js')).configListCommand(
      invocation.config.path,
      invocation.options.json,
      terminal,
    );
  }
  if (invocation.options.skills) return (await import('./skills.js')).listSkillsCommand(invocation, terminal);
  let output: Promise<typeof import('./listOutput.js')> | undefined;
  const load = () => {
    output ??= import('./listOutput.js').then(async (module) => {
      if (invocation.options.costs && invocation.options.kind === 'tools') await module.preloadTokenizers();
      return module;
    });
    return output;
  };
  return withSession(
    invocation,
    terminal,
    async (session) => {
      const result = await walk(session, invocation.options.kind, invocation.options, terminal);
      return (await load()).printList(session, result, invocation.options, terminal);
    },
    (recorder) => {
      const stop = recorder.subscribe(() => {
        stop();
        // Caught here and raised again where it is awaited: a module that fails to load fails the command there.
        load().catch(() => undefined);
      });
    },
  );
}

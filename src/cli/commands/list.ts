/**
 * `loupe list`: every item of one list, all pages; an incomplete walk prints what it got, then fails.
 * Only what opens the session is imported up front. The output code (the table, the JSON writer, lint for --json)
 * loads once the server is spawned, while it starts up and answers: the first recorded frame is the request Loupe
 * wrote to it. The tokenizers (most of a run's memory, and its longest load) only with --costs.
 */
import type { JsonObject } from '../../shared/json.js';
import type { Invocation } from '../arguments.js';
import { walk } from '../listing.js';
import { withSession } from '../sessionScope.js';
import type { Terminal } from '../terminal.js';
import type { ToolLenses } from './listLenses.js';

export async function listCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  if (invocation.config && invocation.config.server === undefined) {
    return (await import('./configList.js')).configListCommand(
      invocation.config.path,
      invocation.options.json,
      terminal,
    );
  }
  if (invocation.options.skills) return (await import('./skills.js')).listSkillsCommand(invocation, terminal);
  const { options } = invocation;
  // list --json lints each page while the walk waits for the next (listLenses.ts); pages that come before the
  // output code has loaded wait for it here.
  const lensed = options.json && options.kind === 'tools';
  let lenses: ToolLenses | undefined;
  const early: { rows: readonly JsonObject[]; offset: number }[] = [];
  let output: Promise<typeof import('./listOutput.js')> | undefined;
  const load = () => {
    output ??= import('./listOutput.js').then(async (module) => {
      if (lensed) {
        lenses = new module.ToolLenses();
        for (const page of early.splice(0)) lenses.page(page.rows, page.offset);
      }
      if (options.costs && options.kind === 'tools') await module.preloadTokenizers();
      return module;
    });
    return output;
  };
  const onPage = lensed
    ? (rows: readonly JsonObject[], offset: number) => {
        if (lenses) lenses.page(rows, offset);
        else early.push({ rows, offset });
      }
    : undefined;
  return withSession(
    invocation,
    terminal,
    async (session) => {
      const result = await walk(session, options.kind, options, terminal, onPage);
      const module = await load();
      return module.printList(session, result, options, terminal, lenses);
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

/**
 * `loupe list`: every item of one list, all pages; an incomplete walk prints what it got, then fails.
 * Only what opens the session is imported up front. The output code (the table, the JSON writer, lint for --json)
 * loads once the server is spawned, while it starts up and answers: the first recorded frame is the request Loupe
 * wrote to it. The tokenizers (most of a run's memory, and its longest load) only with --costs.
 */
import type { JsonObject } from '../../shared/json.js';
import type { Invocation } from '../arguments.js';
import { walkStreamed } from '../listing.js';
import { withSession } from '../sessionScope.js';
import type { Terminal } from '../terminal.js';
import type { ListPages } from './listPages.js';

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
  // Each page is taken up as it arrives (the table's cells, or the JSON items' text and lint: listPages.ts) and its
  // items are not kept; pages that come before the output code has loaded wait for it here.
  let kept: ListPages | undefined;
  const early: { rows: readonly JsonObject[]; offset: number }[] = [];
  let output: Promise<typeof import('./listOutput.js')> | undefined;
  const load = () => {
    output ??= import('./listOutput.js').then(async (module) => {
      kept = new module.ListPages(options.kind, options);
      for (const page of early.splice(0)) kept.add(page.rows, page.offset);
      if (options.costs && options.kind === 'tools') await module.preloadTokenizers();
      return module;
    });
    return output;
  };
  const onItems = (rows: readonly JsonObject[], offset: number) => {
    if (kept) kept.add(rows, offset);
    else early.push({ rows, offset });
  };
  return withSession(
    invocation,
    terminal,
    async (session) => {
      const result = await walkStreamed(session, options.kind, options, terminal, onItems);
      const module = await load();
      if (!kept) throw new Error('list: the output code loaded without its page keeper');
      return module.printList(session, result, kept, options, terminal);
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

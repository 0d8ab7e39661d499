/**
 * The reference table's "stale tool list" row: the server changed its tools after Loupe listed them. Seen when the
 * server says it does not know a tool it listed, or is called with one the listing lacks; the frames say whether it
 * sent notifications/tools/list_changed since the listing (it should have).
 */
import type { Frame } from '../../shared/frames.js';
import type { JsonObject } from '../../shared/json.js';
import type { Advice } from './diagnose.js';
import { cutLine, listedTool, toolListingNews } from './toolFacts.js';

export interface StaleListContext {
  tool: string;
  tools: readonly JsonObject[];
  listingComplete: boolean;
  declaresListChanged: boolean;
  frames: readonly Frame[];
}

/** Advice for a call whose tool the server does not know (listed) or the listing lacks; `said` is the first evidence line. */
export function staleListAdvice(context: StaleListContext, said: string): Advice {
  const name = `“${cutLine(context.tool)}”`;
  const news = toolListingNews(context.frames);
  const listed = listedTool(context.tools, context.tool) !== undefined;
  const announced = news.notifiedSince
    ? 'It has sent notifications/tools/list_changed since, so the listing shown is older than its tools.'
    : 'It sent no notifications/tools/list_changed since the listing.';
  const shouldNotify = news.notifiedSince
    ? ''
    : ` The server should send notifications/tools/list_changed whenever its tools change${context.declaresListChanged ? ' (it declared tools.listChanged)' : ' and declare tools.listChanged'}.`;
  const count = `${context.tools.length} tool${context.tools.length === 1 ? '' : 's'}`;
  const likelyCause = listed
    ? `The tool list is stale: the server listed ${name} but now says it does not know it — it changed its tools after Loupe listed them. ${announced}`
    : `${name} is not among the ${count} the server listed${context.listingComplete ? '' : ' so far (the listing is incomplete)'}: a typo, or a tool the server added after the listing (a stale list). ${announced}`;
  const evidence = [
    said,
    `listed: ${count}${listed ? `, ${name} among them` : `, not ${name}`}${news.listedAtSeq === undefined ? '' : ` (last tools/list at frame #${news.listedAtSeq})`}`,
    `notifications/tools/list_changed since the listing: ${news.notifiedSince ? 'yes' : 'none'}`,
  ];
  return {
    likelyCause,
    nextStep: listed
      ? `Re-list the tools (Re-list above the tool list in the app, or loupe list) and call again with a name from the new list.${shouldNotify}`
      : 'Check the name against the listing; if the server added the tool since, re-list the tools (Re-list above the tool list in the app, or loupe list) and call again.',
    evidence,
  };
}

/**
 * The suite's server scenarios call tools of its own: tools-call-simple-text calls `test_simple_text`,
 * tools-call-image `test_image_content`, and so on (prompts `test_simple_prompt`…, resources `test://static-text`…).
 * Its reference server (everything-server.ts in the conformance repository's examples/servers/typescript)
 * implements them; a server that does not fails each of those checks for that reason alone: `loupe conform --demo`
 * failed 22 required checks with no word why. Before the suite runs, Loupe lists the server's tools once (its own
 * request, not one of the suite's, so not in the frames judged) and, when the fixtures are missing, says so first.
 */
import { isJsonObject } from '../../shared/json.js';
import { walkList } from '../lists/pageWalker.js';
import { connect } from '../session/connect.js';

/** The tools the required scenarios of both revisions call (the suite's fixtures). */
export const fixtureTools = [
  'test_simple_text',
  'test_image_content',
  'test_audio_content',
  'test_embedded_resource',
  'test_multiple_content_types',
  'test_tool_with_logging',
  'test_error_handling',
  'test_tool_with_progress',
  'test_sampling',
  'test_elicitation',
];

/** Scenarios that call none of the fixtures: what can judge a server that lacks them. */
export const fixtureFreeScenarios = [
  'server-initialize',
  'ping',
  'logging-set-level',
  'tools-list',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
];

/** The note for a server whose tools are these, or undefined when it has the suite's fixtures. */
export function fixturesNote(toolNames: readonly string[]): string | undefined {
  const listed = new Set(toolNames);
  const missing = fixtureTools.filter((name) => !listed.has(name));
  if (missing.length === 0) return undefined;
  const some = missing.length < fixtureTools.length;
  const which = some
    ? `${missing.length} of the ${fixtureTools.length} tools the suite's scenarios call (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''})`
    : `any of the tools the suite's scenarios call (test_simple_text, test_image_content, … and its prompts and resources test_* / test://…)`;
  return (
    `this server does not list ${which}: those are the suite's own fixtures, so every check that calls one fails for ` +
    `that reason alone, whatever the server does. The suite judges a server built to them (its reference is ` +
    `everything-server.ts in the conformance repository's examples/servers/typescript): point loupe conform at your ` +
    `server once it has them, or run only the scenarios that need none: ` +
    fixtureFreeScenarios.map((name) => `--scenario ${name}`).join(' ')
  );
}

/** Lists the tools at the endpoint (every page) and says whether the suite's fixtures are missing; never throws. */
export async function checkSuiteFixtures(url: string, timeoutMs?: number): Promise<string | undefined> {
  let session;
  try {
    session = await connect(
      { transport: 'http', url },
      { protocol: 'auto', ...(timeoutMs !== undefined ? { timeoutMs } : {}) },
    );
  } catch {
    // The suite will say why it cannot reach the server.
    return undefined;
  }
  try {
    const listing = await walkList(session, 'tools', { pageLimit: 50 });
    if (listing.error && listing.items.length === 0) return undefined;
    const names = listing.items.flatMap((item) =>
      isJsonObject(item) && typeof item.name === 'string' ? [item.name] : [],
    );
    return fixturesNote(names);
  } catch {
    return undefined;
  } finally {
    await session.close();
  }
}

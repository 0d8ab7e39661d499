/**
 * `loupe list --kind skills` and `loupe skills get <name> [--verify] [--out <dir>]` (SEP-2640). Listing and `get`
 * alone read no file: files are fetched only with --verify or --out, SKILL.md first, each verified before the next.
 * Exit codes: 0 ok, 1 failure, 2 usage, 4 a digest, 5 a size, 6 a frontmatter mismatch (the skill is refused).
 */
import { LoupeError } from '../../shared/errors.js';
import type { SkillLoad } from '../../shared/skills.js';
import { lintSkills } from '../../core/lint/skillLint.js';
import { findSkill, getSkill, listSkills } from '../../core/skills/listSkills.js';
import { loadSkill } from '../../core/skills/loadSkill.js';
import { writeSkill } from '../../core/skills/writeSkill.js';
import type { McpSession } from '../../core/types.js';
import type { Invocation } from '../arguments.js';
import { describeError } from '../errorReport.js';
import { skillDetail, skillsFooter, skillTable, verdictLine } from '../format/skillLines.js';
import { withSession } from '../sessionScope.js';
import { printable, terminalJson, type Terminal } from '../terminal.js';
import { eraLine } from './listOutput.js';

export const skillExitCodes = {
  'skill-digest-mismatch': 4,
  'skill-size-mismatch': 5,
  'skill-frontmatter-mismatch': 6,
} as const;

function exitCodeOfLoad(load: SkillLoad): number {
  if (!load.error) return 0;
  const kind = load.error.kind;
  return kind in skillExitCodes ? skillExitCodes[kind as keyof typeof skillExitCodes] : 1;
}

function sessionFields(session: McpSession): Record<string, unknown> {
  const { handshake } = session;
  return {
    transport: handshake.transport,
    protocolVersion: handshake.protocolVersion,
    era: handshake.era ?? 'legacy',
    serverInfo: handshake.serverInfo,
    capabilities: handshake.capabilities,
  };
}

export async function listSkillsCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  return withSession(invocation, terminal, async (session) => {
    const { options } = invocation;
    const listing = await listSkills(session, {
      ...(options.pageLimit !== undefined ? { pageLimit: options.pageLimit } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    });
    const findings = lintSkills(listing.items);
    if (options.json) {
      const { skills, ...rest } = listing;
      terminal.out(terminalJson({ ...sessionFields(session), kind: 'skills', ...rest, skills, findings }, 2));
    } else {
      const header = eraLine(session);
      if (header) terminal.out(header);
      for (const line of skillTable(listing)) terminal.out(line);
      terminal.out('');
      terminal.out(skillsFooter(listing));
    }
    if (!listing.complete) {
      const reason = listing.error ? describeError(listing.error) : 'skills/list stopped early';
      terminal.err(`loupe: ${reason}${/incomplete/i.test(reason) ? '' : ' (the list is incomplete)'}`);
      return 1;
    }
    return 0;
  });
}

export async function skillsCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  const wanted = invocation.skill;
  if (!wanted) throw new LoupeError({ kind: 'usage', message: 'skills get needs a skill name.' });
  const { options } = invocation;
  return withSession(invocation, terminal, async (session) => {
    const timeout = options.timeoutMs;
    // The skill is looked up in the listing (every page), by name or SKILL.md URI: the entry the host holds is what
    // its files are verified against. A URI the listing lacks is asked for with skills/get.
    const listing = await listSkills(session, {
      ...(options.pageLimit !== undefined ? { pageLimit: options.pageLimit } : {}),
      ...(timeout !== undefined ? { timeoutMs: timeout } : {}),
    });
    if (listing.error && !listing.complete) throw new LoupeError(listing.error);
    const listed = listing.skills.some((skill) => skill.uri === wanted);
    const skill =
      wanted.includes('://') && !listed
        ? await getSkill(session, wanted, timeout)
        : findSkill(listing, wanted);
    const fetch = options.verify === true || options.out !== undefined;
    if (!fetch) {
      if (options.json)
        terminal.out(terminalJson({ ...sessionFields(session), skill: skill.raw, files: 'not read' }, 2));
      else {
        for (const line of skillDetail(skill)) terminal.out(line);
        terminal.err('loupe: no file was read (--verify reads and checks them, --out <dir> also saves them)');
      }
      return 0;
    }
    const load = await loadSkill(session, skill, timeout === undefined ? {} : { timeoutMs: timeout });
    const saved = !load.error && options.out !== undefined ? await writeSkill(load, options.out) : undefined;
    const written = saved?.written ?? [];
    if (options.json) {
      const files = load.files.map(({ text: _text, blob: _blob, ...check }) => check);
      terminal.out(
        terminalJson(
          {
            ...sessionFields(session),
            skill: skill.raw,
            verified: load.verified,
            files,
            written,
            ...(saved?.unchanged ? { unchanged: saved.folder } : {}),
            ...(saved?.kept ? { kept: saved.kept } : {}),
            ...(load.error ? { error: load.error } : {}),
          },
          2,
        ),
      );
    } else {
      for (const line of skillDetail(skill)) terminal.out(line);
      terminal.out('  verification');
      for (const check of load.files) terminal.out(verdictLine(check));
      for (const path of written) terminal.out(`  wrote ${printable(path)}`);
    }
    if (saved?.unchanged)
      terminal.err(`loupe: ${printable(saved.folder)} already holds these files: nothing written`);
    if (saved?.kept)
      terminal.err(
        `loupe: ${printable(saved.folder)} held a different copy (${saved.changed.map(printable).join(', ')}): kept whole at ${printable(saved.kept)}`,
      );
    if (load.error) terminal.err(`loupe: ${describeError(load.error)}`);
    else if (!load.verified)
      terminal.err(
        'loupe: warning: some files could not be verified (the entry lists no digest or size for them)',
      );
    return exitCodeOfLoad(load);
  });
}

/**
 * skills/list, every page (the one page walker: page limit and cursor loops fail loudly), and skills/get. Both need
 * the server to have declared the io.modelcontextprotocol/skills extension; without it Loupe refuses before sending.
 * Listing never reads a file (SEP-2640: no retrieval ahead of need, not on connection, not on listing).
 */
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { Handshake } from '../../shared/session.js';
import { skillsExtensionId, type SkillEntry, type SkillsListing } from '../../shared/skills.js';
import { diagnosed } from '../doctor/withDiagnosis.js';
import { walkPages, type PageWalkOptions } from '../lists/pageWalker.js';
import type { McpSession } from '../types.js';
import { readSkillEntry } from './skillEntry.js';

/** The server's declaration of the skills extension ({} or with directoryRead), or undefined when it made none. */
export function skillsDeclaration(handshake: Handshake): JsonObject | undefined {
  const extensions = handshake.capabilities.extensions;
  if (!isJsonObject(extensions)) return undefined;
  const declared = extensions[skillsExtensionId];
  return isJsonObject(declared) ? declared : undefined;
}

export function requireSkills(handshake: Handshake): JsonObject {
  const declared = skillsDeclaration(handshake);
  if (declared) return declared;
  throw new LoupeError({
    kind: 'skills-not-offered',
    message: `The server did not declare the ${skillsExtensionId} extension (capabilities.extensions), so it serves no skills/list.`,
  });
}

export async function listSkills(session: McpSession, options: PageWalkOptions = {}): Promise<SkillsListing> {
  requireSkills(session.handshake);
  const walked = await walkPages(session, { method: 'skills/list', key: 'skills' }, options);
  const skills = walked.items.flatMap((item) => readSkillEntry(item) ?? []);
  return {
    ...walked,
    skills,
    ...(walked.error ? { error: diagnosed(walked.error, session.recorder.frames()) } : {}),
  };
}

/** skills/get for one SKILL.md URI; a refusal (-32602 for an unknown URI) is `skill-not-found`. */
export async function getSkill(session: McpSession, uri: string, timeoutMs?: number): Promise<SkillEntry> {
  requireSkills(session.handshake);
  let result: JsonObject;
  try {
    result = (await session.request('skills/get', { uri }, timeoutMs === undefined ? {} : { timeoutMs }))
      .result;
  } catch (error) {
    if (error instanceof LoupeError && error.detail.code === -32602)
      throw new LoupeError({
        kind: 'skill-not-found',
        code: -32602,
        message: `skills/get refused ${uri}: ${error.message}`,
      });
    throw error;
  }
  const entry = isJsonObject(result.skill) ? readSkillEntry(result.skill) : undefined;
  if (!entry)
    throw new LoupeError({
      kind: 'invalid-response',
      message: `skills/get for ${uri} returned no skill entry with a uri.`,
      data: { result },
    });
  return entry;
}

/** The listed skill a user named: its name, its SKILL.md URI, or its directory URI. */
export function findSkill(listing: SkillsListing, wanted: string): SkillEntry {
  const matches = listing.skills.filter(
    (skill) => skill.name === wanted || skill.uri === wanted || skill.uri === `${wanted}/SKILL.md`,
  );
  const [first, second] = matches;
  if (first && !second) return first;
  if (first && second)
    throw new LoupeError({
      kind: 'usage',
      message: `${matches.length} listed skills are named "${wanted}" (${matches.map((skill) => skill.uri).join(', ')}): name one by its URI.`,
    });
  const names = listing.skills.map((skill) => skill.name);
  throw new LoupeError({
    kind: 'skill-not-found',
    message: `No listed skill is named "${wanted}"${names.length > 0 ? ` (listed: ${names.join(', ')})` : ' (the server lists none)'}${listing.complete ? '' : '; the listing is incomplete'}.`,
  });
}

/** skills/list when the server declared the extension, else undefined (snapshots and diffs walk it then). */
export async function listDeclaredSkills(
  session: McpSession,
  options: PageWalkOptions = {},
): Promise<SkillsListing | undefined> {
  return skillsDeclaration(session.handshake) ? listSkills(session, options) : undefined;
}

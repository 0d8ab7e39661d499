/**
 * Annotations that contradict a tool's name: named to delete or change things (its verb in verb position) while
 * claiming destructiveHint: false or readOnlyHint: true.
 */
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { SurfaceItem } from '../../shared/security.js';
import { references } from './references.js';
import type { FindingSink } from './findingSink.js';
import { evidenceOf } from './visibleText.js';

const destructiveWords = new Set([
  'delete',
  'remove',
  'drop',
  'destroy',
  'erase',
  'wipe',
  'purge',
  'truncate',
  'kill',
  'terminate',
  'uninstall',
  'revoke',
  'overwrite',
  'shred',
]);
const writeWords = new Set([
  'create',
  'write',
  'update',
  'send',
  'post',
  'put',
  'insert',
  'upload',
  'edit',
  'modify',
  'execute',
  'exec',
  'run',
  'move',
  'rename',
  'transfer',
  'pay',
  'publish',
  'deploy',
  'install',
  'set',
]);

/** Verbs that read or only compute and return (get_workflow_run, logs_get, diagram_generate). */
const readWords = new Set([
  'get',
  'list',
  'search',
  'find',
  'fetch',
  'read',
  'query',
  'describe',
  'show',
  'view',
  'retrieve',
  'lookup',
  'check',
  'count',
  'inspect',
  'browse',
  'explain',
  'preview',
  'validate',
  'analyze',
  'download',
  'export',
  'provide',
  'return',
  'generate',
  'render',
  'diagnose',
  'calculate',
  'convert',
  'translate',
  'summarize',
  'compare',
  'estimate',
  'recommend',
]);
/** Verbs that are as often nouns (a run, a deploy, a post, a transfer, a list): a name may use them either way. */
const nounLike = new Set([
  'run',
  'deploy',
  'post',
  'transfer',
  'move',
  'update',
  'set',
  'install',
  'publish',
  'upload',
  'pay',
  'put',
  'edit',
  'drop',
  'kill',
  'list',
  'view',
  'count',
  'check',
  'export',
  'download',
  'preview',
  'return',
  'lookup',
]);
/** Agent nouns of reading verbs: a name whose head is one (deploy-services-reader) names a reader. */
const readerWords = new Set([
  'reader',
  'viewer',
  'getter',
  'lister',
  'fetcher',
  'finder',
  'searcher',
  'explorer',
  'inspector',
]);
/** A description that opens with a reading verb ("Provide installation instructions…", "Gets…"). */
const readingDescription =
  /^\W*(?:gets?|lists?|provides?|returns?|shows?|retrieves?|fetch(?:es)?|reads?|search(?:es)?|finds?|describes?|views?|looks?\s+up|quer(?:y|ies))\b/i;

interface Word {
  word: string;
  start: number;
  length: number;
}

/** The words of an identifier (snake_case, kebab-case, camelCase), with where each starts. */
function words(name: string): Word[] {
  return [...name.matchAll(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+/g)].map((match) => ({
    word: match[0].toLowerCase(),
    start: match.index,
    length: match[0].length,
  }));
}

export type NameAction = { kind: 'read' } | { kind: 'write' | 'destroy'; word: Word };

interface Verb {
  kind: 'read' | 'write' | 'destroy';
  word: Word;
  position: number;
}

function verbOf(word: Word | undefined, position: number): Verb | undefined {
  if (!word) return undefined;
  const kind = readWords.has(word.word)
    ? 'read'
    : destructiveWords.has(word.word)
      ? 'destroy'
      : writeWords.has(word.word)
        ? 'write'
        : undefined;
  return kind ? { kind, word, position } : undefined;
}

/**
 * What a tool's name says it does, from its verbs in verb position: the first word (get_workflow_run, send_email), the
 * last (logs_get, email_send) and any after "and"/"then" (fetch_and_delete); else the first verb inside
 * (github_create_issue). Only there is a word a verb: a plural is a noun (get_updates: "updates"), and so is a verb
 * word between them (the "deploy" of get_deploy_status). Where both ends are verbs one of them is a noun; a word
 * that is seldom a noun (get, create, send, delete) is the verb over one that often is (deploy_plan_get: a deploy
 * plan; get_workflow_run: a run); of two such, the harmful reading wins. A name whose head is a reader
 * (deploy-services-reader) reads. In a name that does not lead with a verb, the verb found may be a noun of a
 * compound (cli_install: an install): when the description opens with a reading verb ("Provide installation
 * instructions…"), it reads.
 */
export function nameAction(name: string, description: string): NameAction | undefined {
  const all = words(name);
  const last = all[all.length - 1];
  if (last && readerWords.has(last.word)) return { kind: 'read' };
  const positions = new Set([0, all.length - 1]);
  all.forEach((word, index) => {
    if (['and', 'then'].includes(word.word)) positions.add(index + 1);
  });
  let verbs = [...positions].flatMap((position) => verbOf(all[position], position) ?? []);
  if (verbs.length === 0) verbs = all.flatMap((word, position) => verbOf(word, position) ?? []).slice(0, 1);
  const strict = verbs.filter((verb) => !nounLike.has(verb.word.word));
  const chosen =
    strict.length > 0
      ? (strict.find((verb) => verb.kind !== 'read') ?? strict[0])
      : verbs.sort((left, right) => left.position - right.position)[0];
  if (!chosen || chosen.kind === 'read') return chosen ? { kind: 'read' } : undefined;
  // …unless its first sentence uses that verb too ("Lists and deletes files."): then the name meant it.
  const opening = description.split(/[.!?](?:\s|$)|\n/)[0] ?? '';
  const saysVerb = new RegExp(`\\b${chosen.word.word}(?:s|es|d|ed|ing)?\\b`, 'i').test(opening);
  if (!verbOf(all[0], 0) && !saysVerb && readingDescription.test(description)) return { kind: 'read' };
  return { kind: chosen.kind, word: chosen.word };
}

export function annotationFindings(tool: JsonObject, item: SurfaceItem, sink: FindingSink): void {
  const annotations = tool.annotations;
  if (!isJsonObject(annotations)) return;
  const name = item.name;
  const action = nameAction(name, typeof tool.description === 'string' ? tool.description : '');
  if (!action || action.kind === 'read') return;
  const word = action.word;
  const claim = (field: string, value: boolean, says: string): void => {
    sink.add({
      code: 'annotation-contradiction',
      severity: 'warning',
      item,
      field: `annotations.${field}`,
      evidence: {
        ...evidenceOf(name, word.start, word.start + word.length),
        after: `… annotations.${field}: ${String(value)}`,
      },
      what: `the name says "${word.word}" but ${field} is ${String(value)}, ${says}`,
      why: 'Clients decide what to confirm from these hints: a tool that is named to delete or change things but claims to be harmless slips past the confirmation the person relies on.',
      reference: references.annotations,
    });
  };
  if (action.kind === 'destroy' && annotations.destructiveHint === false)
    claim('destructiveHint', false, 'claiming it destroys nothing');
  else if (annotations.readOnlyHint === true) claim('readOnlyHint', true, 'claiming it changes nothing');
}

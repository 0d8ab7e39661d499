/**
 * Whether a command line asks for help, and about what: `loupe help [<word>]`, or `--help` / `-h` anywhere before
 * `--` (what follows `--` is the server's command line, whose `--help` is the server's). The word is the first
 * command or topic named (`loupe --url <u> list --help` is list's help), else the first word that is not a flag,
 * so a mistyped command gets a suggestion. `loupe tap` is asked separately (tapArguments.ts): its arguments end
 * at the server's command even without `--`.
 */
import { LoupeError } from '../../shared/errors.js';
import { closest } from '../suggestion.js';
import { commandHelp, groupTopics, helpWords } from './commandHelp.js';
import { commandText, groupText, overviewText } from './renderHelp.js';

export interface HelpRequest {
  /** The command or topic named; undefined: the overview. */
  word?: string;
}

export const isHelpFlag = (argument: string): boolean => argument === '--help' || argument === '-h';

export function helpRequest(argv: readonly string[]): HelpRequest | undefined {
  const end = argv.indexOf('--');
  const head = end < 0 ? argv : argv.slice(0, end);
  if (head[0] === 'help') {
    const word = head.slice(1).find((argument) => !argument.startsWith('-'));
    return word === undefined ? {} : { word };
  }
  if (!head.some(isHelpFlag)) return undefined;
  const word =
    head.find((argument) => helpWords.includes(argument)) ??
    (head[0] !== undefined && !head[0].startsWith('-') ? head[0] : undefined);
  return word === undefined ? {} : { word };
}

/** The text to print for a request; an unknown word is a usage error naming the closest one. */
export function helpTextFor(request: HelpRequest): string {
  if (request.word === undefined) return overviewText();
  const command = commandHelp(request.word);
  if (command) return commandText(command);
  const group = groupTopics.get(request.word);
  if (group) return groupText(group);
  const near = closest(request.word, helpWords);
  throw new LoupeError({
    kind: 'usage',
    message: `No help for "${request.word}".${near === undefined ? '' : ` Did you mean "${near}"?`} Help for: ${helpWords.join(', ')}.`,
  });
}

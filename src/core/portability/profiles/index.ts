/** Every host profile, in the order reports show them. Add a profile here after writing its file. */
import type { HostProfile } from '../profileTypes.js';
import { anthropic } from './anthropic.js';
import { claudeCode } from './claudeCode.js';
import { cursor } from './cursor.js';
import { gemini } from './gemini.js';
import { geminiCli } from './geminiCli.js';
import { geminiParameters } from './geminiParameters.js';
import { openai } from './openai.js';
import { openaiStrict } from './openaiStrict.js';
import { vscode } from './vscode.js';

export const profiles: readonly HostProfile[] = [
  openai,
  openaiStrict,
  anthropic,
  gemini,
  geminiParameters,
  claudeCode,
  geminiCli,
  vscode,
  cursor,
];

/**
 * What today's hosts send: `--hosts all`, the board and the app's Portability view all judge with these, so they show
 * the same verdicts. Legacy paths (gemini-parameters) are checked only when named.
 */
export const currentProfiles: readonly HostProfile[] = profiles.filter((profile) => profile.legacy !== true);

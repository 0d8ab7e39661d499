/** Every host profile, in the order reports show them. Add a profile here after writing its file. */
import type { HostProfile } from '../profileTypes.js';
import { anthropic } from './anthropic.js';
import { claudeCode } from './claudeCode.js';
import { cursor } from './cursor.js';
import { gemini } from './gemini.js';
import { openai } from './openai.js';
import { openaiStrict } from './openaiStrict.js';
import { vscode } from './vscode.js';

export const profiles: readonly HostProfile[] = [
  openai,
  openaiStrict,
  anthropic,
  gemini,
  claudeCode,
  vscode,
  cursor,
];

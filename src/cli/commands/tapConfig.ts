/**
 * `loupe tap --config <file> --server <name> --print | --write [--yes]`: the config entry that routes a server through
 * the tap, shown as a diff. --print changes nothing; --write asks at the terminal (without one, it needs --yes), then
 * writes as the app's "Tap this server" does (configTapFile.ts): only the change shown, a backup beside the file, the
 * file's mode, owner and link kept.
 */
import { readFile } from 'node:fs/promises';
import { LoupeError } from '../../shared/errors.js';
import { planConfigTap } from '../../core/tap/configTap.js';
import { thisLoupe, writeConfigTap } from '../../core/tap/configTapFile.js';
import { confirmConfigWrite } from '../confirmConfigWrite.js';
import { printable, type Terminal } from '../terminal.js';

export async function tapConfigCommand(
  config: { path: string; server: string; mode: 'print' | 'write'; yes: boolean },
  terminal: Terminal,
): Promise<number> {
  let text: string;
  try {
    text = await readFile(config.path, 'utf8');
  } catch (error) {
    throw new LoupeError({
      kind: 'config-invalid',
      message: `${config.path}: cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      data: { path: config.path },
    });
  }
  const plan = planConfigTap(config.path, text, config.server, thisLoupe());
  for (const line of plan.diff) terminal.out(printable(line));
  if (config.mode === 'print') {
    terminal.err(
      `loupe tap: nothing written. To change ${config.path}: loupe tap --config ${config.path} --server ${config.server} --write`,
    );
    return 0;
  }
  if (
    !(await confirmConfigWrite({
      command: 'tap',
      path: config.path,
      text: plan.text,
      yes: config.yes,
      terminal,
    }))
  )
    return 1;
  const { backup } = await writeConfigTap(config.path, config.server, plan.diff);
  terminal.err(
    `loupe tap: wrote ${config.path}; the previous file is ${backup}. Restart the client to use the tap.`,
  );
  return 0;
}

/** Copy-as-CLI: the `loupe call` command line that repeats a call, with the target flags when known. */
import type { JsonObject } from '../../shared/json';
import { redactTarget, type Target } from '../../shared/target';

/** POSIX shell quoting: plain words stay bare, everything else in single quotes. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The target as loupe flags. Secret-looking header and env values are written as [redacted]. */
export function targetFlags(target: Target): string[] {
  const safe = redactTarget(target);
  switch (safe.transport) {
    case 'demo':
      return ['--demo'];
    case 'stdio': {
      const flags: string[] = [];
      for (const [name, value] of Object.entries(safe.env ?? {})) flags.push('--env', `${name}=${value}`);
      if (safe.cwd) flags.push('--cwd', safe.cwd);
      return [...flags, '--', safe.command, ...safe.args];
    }
    default: {
      const flags = ['--url', safe.url];
      if (safe.transport !== 'auto') flags.push('--transport', safe.transport);
      for (const header of safe.headers ?? []) flags.push('--header', `${header.name}: ${header.value}`);
      return flags;
    }
  }
}

export function cliCommand(tool: string, args: JsonObject, target: Target | null): string {
  const words = ['loupe', 'call', tool, '--args', JSON.stringify(args), ...(target ? targetFlags(target) : [])];
  return words.map(shellQuote).join(' ');
}

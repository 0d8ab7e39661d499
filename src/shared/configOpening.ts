/**
 * The one rule for opening a server found in a client config. A config is a file anyone may have written (a cloned
 * repository's `.vscode/mcp.json`): starting its stdio server runs a command, and connecting to its HTTP server
 * sends that URL the entry's headers with `${env:…}` values already in them (a `GITHUB_TOKEN`). So both wait for
 * the same yes: a server is opened only when the person named it (`--config <file> --server <name>`, the app's
 * Connect on that server's row) or said yes to it (asked on a terminal, or `--yes` for all); a server gathered
 * from a file or from the known locations is otherwise neither started nor connected to — not even a connection
 * is made. The question says what opening does: the command, or the URL and which environment variables go to it
 * (their names, never their values).
 */
import type { ConfigVariableUse } from './config.js';
import { describeTarget, redactTarget, redacted, type Target } from './target.js';

/** How a server came to be opened: named by the person, or gathered from a config file or the known locations. */
export type ConfigOrigin = 'named' | 'gathered';

/** Whether the server may be opened without asking: named, or every server given a yes at once (`--yes`). */
export function opensWithoutAsking(origin: ConfigOrigin, yesToAll: boolean): boolean {
  return origin === 'named' || yesToAll;
}

export interface ConfigOpening {
  /** 'start' for a stdio command, 'connect' for an HTTP server (nothing is sent to it before the yes). */
  verb: 'start' | 'connect';
  /** "start node server.js" / "connect to http://host/mcp, sending the value of GITHUB_TOKEN (in headers.Authorization)". */
  clause: string;
  /** The target to show: secret-looking values and every header or env value read from the environment redacted. */
  shown: Target;
}

/** The places that hold an environment value and are values (headers, env), not where the server is. */
function valuePlaces(variables: readonly ConfigVariableUse[]): Set<string> {
  return new Set(
    variables.flatMap((use) =>
      use.places.filter((place) => place.startsWith('headers.') || place.startsWith('env.')),
    ),
  );
}

/**
 * The target with secret-looking values and every header or env value that holds an environment variable replaced
 * by "[redacted]". The command, its arguments and the URL stay: they say what runs and where things go.
 */
export function shownConfigTarget(target: Target, variables: readonly ConfigVariableUse[] = []): Target {
  const places = valuePlaces(variables);
  const shown = redactTarget(target);
  if (shown.transport === 'stdio' && shown.env) {
    shown.env = Object.fromEntries(
      Object.entries(shown.env).map(([name, value]) => [name, places.has(`env.${name}`) ? redacted : value]),
    );
  } else if (
    (shown.transport === 'http' || shown.transport === 'sse' || shown.transport === 'auto') &&
    shown.headers
  ) {
    shown.headers = shown.headers.map((header) =>
      places.has(`headers.${header.name}`) ? { name: header.name, value: redacted } : header,
    );
  }
  return shown;
}

/** "the value of GITHUB_TOKEN (in headers.Authorization)", "the values of A (in env.A) and B (in url)". */
function variablesClause(variables: readonly ConfigVariableUse[]): string {
  const named = variables.map((use) => `${use.name} (in ${use.places.join(', ')})`);
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named.at(-1) ?? ''}`;
  return `the value${named.length === 1 ? '' : 's'} of ${list}`;
}

/** What opening the server would do, in words for a question or a refusal. */
export function configOpening(target: Target, variables: readonly ConfigVariableUse[] = []): ConfigOpening {
  const shown = shownConfigTarget(target, variables);
  const where = describeTarget(shown);
  const verb = target.transport === 'stdio' ? 'start' : 'connect';
  const base = verb === 'start' ? `start ${where}` : `connect to ${where}`;
  if (variables.length === 0) return { verb, clause: base, shown };
  const passing = verb === 'start' ? 'handing it' : 'sending it';
  return { verb, clause: `${base}, ${passing} ${variablesClause(variables)}`, shown };
}

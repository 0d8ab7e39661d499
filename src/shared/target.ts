/** What to connect to. The same shapes come from the CLI flags, the UI's connection form and saved servers. */
export interface HeaderEntry {
  name: string;
  value: string;
}

export interface StdioTarget {
  transport: 'stdio';
  command: string;
  args: string[];
  cwd?: string;
  /** Added to the child's safe default environment. */
  env?: Record<string, string>;
}

export interface UrlTarget {
  /** `auto`: try Streamable HTTP, fall back to legacy SSE as the spec's backwards-compatibility section says. */
  transport: 'http' | 'sse' | 'auto';
  url: string;
  headers?: HeaderEntry[];
}

/** The embedded demo server; the caller that knows where it lives resolves it to a stdio target. */
export interface DemoTarget {
  transport: 'demo';
}

export type Target = StdioTarget | UrlTarget | DemoTarget;

/** Transport actually used for a connection (after `auto` resolved). */
export type TransportName = 'stdio' | 'http' | 'sse';

const secretName = /authorization|cookie|token|key|secret|password|passwd|credential/i;

/** True for header or environment names whose values must never be written to disk or shown. */
export function looksSecret(name: string): boolean {
  return secretName.test(name);
}

export const redacted = '[redacted]';

/** A copy of the target with secret-looking header and env values replaced by "[redacted]". */
export function redactTarget(target: Target): Target {
  if (target.transport === 'stdio') {
    if (!target.env) return { ...target, args: [...target.args] };
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(target.env)) env[name] = looksSecret(name) ? redacted : value;
    return { ...target, args: [...target.args], env };
  }
  if (target.transport === 'demo') return { ...target };
  return {
    ...target,
    headers: target.headers?.map((h) => ({ name: h.name, value: looksSecret(h.name) ? redacted : h.value })),
  };
}

/** One line naming a target, for headers and logs. Never includes header or env values. */
export function describeTarget(target: Target): string {
  switch (target.transport) {
    case 'stdio':
      return [target.command, ...target.args].join(' ');
    case 'demo':
      return 'embedded demo server';
    default:
      return target.transport === 'auto' ? target.url : `${target.url} (${target.transport})`;
  }
}

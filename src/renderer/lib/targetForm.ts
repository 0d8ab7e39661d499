import { maxRequestTimeoutMs } from '../../shared/session';
import type { HeaderEntry, Target } from '../../shared/target';

export type FormTransport = 'stdio' | 'http' | 'sse' | 'auto' | 'demo';

/** The connection form's fields, all text, as typed. */
export interface TargetForm {
  transport: FormTransport;
  command: string;
  /** One line, split like a shell does: spaces separate, quotes group, backslash escapes. */
  args: string;
  /** NAME=value, one a line. */
  env: string;
  cwd: string;
  url: string;
  /** Name: value, one a line. */
  headers: string;
}

export const emptyForm: TargetForm = {
  transport: 'stdio',
  command: '',
  args: '',
  env: '',
  cwd: '',
  url: '',
  headers: '',
};

export function splitArgs(line: string): string[] {
  const args: string[] = [];
  let current = '';
  let quote: '"' | "'" | null = null;
  let started = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quote) {
      if (char === quote) quote = null;
      else if (char === '\\' && quote === '"' && index + 1 < line.length) current += line[++index];
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (char === '\\' && index + 1 < line.length) {
      current += line[++index];
      started = true;
    } else if (/\s/.test(char)) {
      if (started) args.push(current);
      current = '';
      started = false;
    } else {
      current += char;
      started = true;
    }
  }
  if (started) args.push(current);
  return args;
}

function quoteArg(arg: string): string {
  return arg === '' || /[\s"'\\]/.test(arg) ? `"${arg.replace(/["\\]/g, (c) => `\\${c}`)}"` : arg;
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

export type FormResult = { target: Target } | { error: string };

export function formToTarget(form: TargetForm): FormResult {
  if (form.transport === 'demo') return { target: { transport: 'demo' } };
  if (form.transport === 'stdio') {
    const command = form.command.trim();
    if (command === '') return { error: 'Give the command that starts the server.' };
    const env: Record<string, string> = {};
    for (const line of lines(form.env)) {
      const equals = line.indexOf('=');
      if (equals <= 0) return { error: `Environment line “${line}” is not NAME=value.` };
      env[line.slice(0, equals).trim()] = line.slice(equals + 1);
    }
    return {
      target: {
        transport: 'stdio',
        command,
        args: splitArgs(form.args),
        ...(Object.keys(env).length > 0 ? { env } : {}),
        ...(form.cwd.trim() !== '' ? { cwd: form.cwd.trim() } : {}),
      },
    };
  }
  const url = form.url.trim();
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      return { error: 'The URL must start with http:// or https://.' };
  } catch {
    return { error: 'Give the server’s URL, e.g. http://127.0.0.1:3001/mcp.' };
  }
  const headers: HeaderEntry[] = [];
  for (const line of lines(form.headers)) {
    const colon = line.indexOf(':');
    if (colon <= 0) return { error: `Header line “${line}” is not Name: value.` };
    headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return { target: { transport: form.transport, url, ...(headers.length > 0 ? { headers } : {}) } };
}

export function targetToForm(target: Target): TargetForm {
  switch (target.transport) {
    case 'demo':
      return { ...emptyForm, transport: 'demo' };
    case 'stdio':
      return {
        ...emptyForm,
        transport: 'stdio',
        command: target.command,
        args: target.args.map(quoteArg).join(' '),
        env: Object.entries(target.env ?? {})
          .map(([name, value]) => `${name}=${value}`)
          .join('\n'),
        cwd: target.cwd ?? '',
      };
    default:
      return {
        ...emptyForm,
        transport: target.transport,
        url: target.url,
        headers: (target.headers ?? []).map((header) => `${header.name}: ${header.value}`).join('\n'),
      };
  }
}

/**
 * The connection form's "Request timeout (ms)": empty is the default (no timeoutMs), a whole number of ms from 1
 * to an hour is that timeout, anything else is an error saying so.
 */
export function parseTimeout(text: string, defaultMs: number): { timeoutMs?: number } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (Number.isInteger(value) && value >= 1 && value <= maxRequestTimeoutMs) return { timeoutMs: value };
  return {
    error: `Request timeout (ms) must be a whole number of milliseconds from 1 to ${maxRequestTimeoutMs}, not “${trimmed}”; leave it empty for the default (${defaultMs} ms).`,
  };
}

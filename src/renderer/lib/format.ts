const integer = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return integer.format(value);
}

/** "1 tool", "1,000 tools". */
export function plural(value: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : pluralForm}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function formatMs(ms: number): string {
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 10_000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Session-relative time, seconds with milliseconds: "+12.345 s". */
export function formatOffset(ms: number): string {
  return `+${(ms / 1000).toFixed(3)} s`;
}

/** Pretty JSON of a value; a string that is not JSON comes back unchanged. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? String(value);
}

export function prettyRaw(raw: string): string {
  return prettyJsonText(raw) ?? raw;
}

/** A raw text made pretty when it is JSON; undefined when it is not (a stderr line, a malformed frame). */
export function prettyJsonText(raw: string): string | undefined {
  try {
    return prettyJson(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

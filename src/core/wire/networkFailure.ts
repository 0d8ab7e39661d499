/** Names a failed fetch: connection refused, host not found, or the network error as it came. */
import { LoupeError } from '../../shared/errors.js';

export function networkFailure(error: unknown, url: string): LoupeError {
  if (error instanceof LoupeError) return error;
  const code = errorCode(error);
  let where = url;
  try {
    where = new URL(url).host;
  } catch {
    // keep the text as given
  }
  if (code === 'ECONNREFUSED') {
    return new LoupeError(
      {
        kind: 'connection-refused',
        message: `Connection refused: nothing listens at ${where}`,
        data: { url },
      },
      { cause: error },
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new LoupeError(
      { kind: 'transport-error', message: `Host not found: ${where}`, data: { url, code } },
      { cause: error },
    );
  }
  const text = describe(error);
  return new LoupeError(
    {
      kind: 'transport-error',
      message: `Request to ${url} failed: ${text}`,
      data: { url, code: code ?? null },
    },
    { cause: error },
  );
}

/** The errno-style code anywhere in the cause chain (undici puts it on error.cause, sometimes deeper). */
function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if ('code' in current && typeof current.code === 'string') return current.code;
    if (current instanceof AggregateError && current.errors.length) {
      const inner = errorCode(current.errors[0]);
      if (inner) return inner;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/** Opaque cursors for the demo's lists: clients must send them back unchanged. */
import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';

interface CursorState {
  list: string;
  offset: number;
}

export function encodeCursor(state: CursorState): string {
  return Buffer.from(JSON.stringify({ l: state.list, o: state.offset, n: 'loupe-demo' })).toString('base64url');
}

export function decodeCursor(list: string, cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'l' in parsed && 'o' in parsed) {
      const { l, o } = parsed;
      if (l === list && typeof o === 'number' && Number.isInteger(o) && o >= 0) return o;
    }
  } catch {
    // fall through to the error below
  }
  throw new McpError(ErrorCode.InvalidParams, `Invalid cursor for ${list}: ${cursor}`);
}

/** One page of items from the cursor on, and the next cursor when more remain. */
export function page<T>(list: string, items: readonly T[], cursor: string | undefined, size: number): { items: T[]; nextCursor?: string } {
  const offset = decodeCursor(list, cursor);
  const slice = items.slice(offset, offset + size);
  const next = offset + size;
  return next < items.length ? { items: slice, nextCursor: encodeCursor({ list, offset: next }) } : { items: slice };
}

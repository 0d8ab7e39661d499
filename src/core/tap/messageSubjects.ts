/**
 * What a fault rule sees of a message: its direction, method and tool name; an answer gets those of the request it
 * answers (requests are remembered by id per direction, so the host's id 1 and the server's id 1 stay apart).
 */
import type { Direction } from '../../shared/frames.js';
import { isJsonObject } from '../../shared/json.js';
import type { FaultSubject } from './faultRules.js';

/** Open requests remembered per direction; past this the oldest is forgotten. */
const maxOpen = 10_000;

interface Asked {
  method: string;
  tool?: string;
}

export interface ParsedLine {
  /** The parsed JSON, when the line is JSON. */
  value?: unknown;
  subject: FaultSubject;
  /** The message's id, when it has one. */
  id?: string | number;
  isRequest: boolean;
}

export class MessageSubjects {
  private readonly open: Record<Direction, Map<string | number, Asked>> = { out: new Map(), in: new Map() };

  /** Parses one line and says what it is; remembers requests so their answers can be told. */
  read(direction: Direction, text: string): ParsedLine {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { subject: { direction }, isRequest: false };
    }
    if (!isJsonObject(value)) return { value, subject: { direction }, isRequest: false };
    const id = typeof value.id === 'string' || typeof value.id === 'number' ? value.id : undefined;
    if (typeof value.method === 'string') {
      const params = isJsonObject(value.params) ? value.params : undefined;
      const tool =
        value.method === 'tools/call' && typeof params?.name === 'string' ? params.name : undefined;
      const asked: Asked = tool === undefined ? { method: value.method } : { method: value.method, tool };
      if (id !== undefined) {
        const open = this.open[direction];
        open.set(id, asked);
        if (open.size > maxOpen) open.delete(open.keys().next().value as string | number);
      }
      return {
        value,
        subject: { direction, ...asked },
        isRequest: id !== undefined,
        ...(id === undefined ? {} : { id }),
      };
    }
    if (id === undefined) return { value, subject: { direction }, isRequest: false };
    const other = direction === 'in' ? 'out' : 'in';
    const asked = this.open[other].get(id);
    this.open[other].delete(id);
    return { value, subject: { direction, ...asked }, id, isRequest: false };
  }
}

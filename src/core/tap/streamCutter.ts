/**
 * The `drop-stream=<events>` fault of the HTTP tap: an SSE stream passed on whole events at a time, so it can be cut
 * between two of them once the given number of events carrying data has passed. A priming event (an id, empty data)
 * is not counted: it carries no message.
 *
 * An event is held only until it is complete or past the recording limit: a longer one passes on as it comes (counted
 * when it is seen to carry data), so the tap never holds it whole.
 */

/** Where the first complete SSE event of the text ends (after its blank line), or -1. */
function eventEnd(text: string): number {
  const match = /\r\n\r\n|\n\n|\r\r/.exec(text);
  return match ? match.index + match[0].length : -1;
}

const carriesData = (block: string): boolean => /^data: ?\S/m.test(block);

export interface CutterStep {
  /** Bytes to pass on now, in order. */
  pass: Buffer[];
  /** Cut the stream after them. */
  cut: boolean;
}

export class StreamCutter {
  /** Events carrying data passed on so far. */
  events = 0;
  private held = '';
  /** Inside an event past the limit, passing on as it comes; the last characters seen, to find its end. */
  private passing: string | undefined;

  constructor(
    private readonly cutAfter: number,
    private readonly limit: number,
  ) {}

  push(chunk: Buffer): CutterStep {
    const pass: Buffer[] = [];
    let text = chunk.toString('latin1');
    if (this.passing !== undefined) {
      const seen = this.passing + text;
      const end = eventEnd(seen);
      if (end === -1) {
        this.passing = seen.slice(-3);
        return { pass: [chunk], cut: false };
      }
      const upTo = end - this.passing.length;
      this.passing = undefined;
      pass.push(chunk.subarray(0, upTo));
      text = text.slice(upTo);
    }
    this.held += text;
    for (let end = eventEnd(this.held); end !== -1; end = eventEnd(this.held)) {
      const block = this.held.slice(0, end);
      if (carriesData(block)) {
        if (this.events === this.cutAfter) return { pass, cut: true };
        this.events += 1;
      }
      this.held = this.held.slice(end);
      pass.push(Buffer.from(block, 'latin1'));
    }
    if (this.held.length > this.limit) {
      // An event past the limit: passed on from here as it comes, until its blank line.
      if (carriesData(this.held)) {
        if (this.events === this.cutAfter) return { pass, cut: true };
        this.events += 1;
      }
      pass.push(Buffer.from(this.held, 'latin1'));
      this.passing = this.held.slice(-3);
      this.held = '';
    }
    return { pass, cut: false };
  }

  /** The stream ended: what is held passes on. */
  rest(): Buffer | undefined {
    const rest = this.held;
    this.held = '';
    return rest ? Buffer.from(rest, 'latin1') : undefined;
  }
}

/**
 * Splits a byte stream into lines on '\n'. Splitting happens on bytes, so a multi-byte UTF-8 character
 * cut across chunks is reassembled before decoding; a trailing '\r' is removed ('\r\n' line ends).
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private readonly onLine: (line: string) => void;

  constructor(onLine: (line: string) => void) {
    this.onLine = onLine;
  }

  push(chunk: Buffer): void {
    let start = 0;
    let newline = chunk.indexOf(0x0a, start);
    while (newline !== -1) {
      const piece = chunk.subarray(start, newline);
      const line = this.pending.length ? Buffer.concat([...this.pending, piece]) : piece;
      this.pending = [];
      this.emit(line);
      start = newline + 1;
      newline = chunk.indexOf(0x0a, start);
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
  }

  /** Emits what is left after the last newline (a final line without '\n'), if anything. */
  end(): void {
    if (this.pending.length === 0) return;
    const line = Buffer.concat(this.pending);
    this.pending = [];
    if (line.length) this.emit(line);
  }

  private emit(line: Buffer): void {
    const end = line.length > 0 && line[line.length - 1] === 0x0d ? line.length - 1 : line.length;
    this.onLine(line.toString('utf8', 0, end));
  }
}

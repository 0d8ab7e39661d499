import { describe, expect, it } from 'vitest';
import { listProgress, progressDelayMs } from './progress.js';
import type { Terminal } from './terminal.js';

function terminal(stderrIsTty: boolean): Terminal & { raw: string[] } {
  const raw: string[] = [];
  return { raw, out: () => undefined, err: (line) => raw.push(`${line}\n`), errRaw: (text) => raw.push(text), stderrIsTty };
}

describe('listing progress on stderr', () => {
  it('says nothing during the first moments of a listing', () => {
    const tty = terminal(true);
    const progress = listProgress(tty, performance.now());
    progress.onProgress({ kind: 'tools', pages: 1, items: 40 });
    progress.done();
    expect(tty.raw).toEqual([]);
  });

  it('shows the page being fetched once the listing is slow, then clears the line', () => {
    const tty = terminal(true);
    const progress = listProgress(tty, performance.now() - progressDelayMs - 1);
    progress.onProgress({ kind: 'tools', pages: 11, items: 1100 });
    progress.done();
    expect(tty.raw).toEqual(['\r\x1b[Kpage 12… (1,100 tools so far)', '\r\x1b[K']);
  });

  it('never writes progress when stderr is not a terminal', () => {
    const pipe = terminal(false);
    const progress = listProgress(pipe, performance.now() - 10_000);
    progress.onProgress({ kind: 'tools', pages: 11, items: 1100 });
    progress.done();
    expect(pipe.raw).toEqual([]);
  });
});

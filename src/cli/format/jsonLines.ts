/**
 * A JSON document written to the terminal a piece at a time. `list --json` of 50,000 tools is a 55 MB text: built
 * whole, it is one string on top of the items it came from (and the peak memory the speed issue measured). Written
 * here, each element of a top-level array is turned into text on its own and flushed in batches, so only one batch
 * is ever held as text. The text is the same as terminalJson(document, 2) for every value JSON.stringify can write
 * (a value nested past the iterative writer's indented levels is indented from its own element, parsing the same).
 */
import { terminalJson } from '../terminal.js';

/** How much text is gathered before one write: big enough that 50,000 items are not 50,000 writes. */
const batchCharacters = 1 << 16;

function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function indented(text: string, pad: string): string {
  return text.replace(/\n/g, `\n${pad}`);
}

/** Writes document as terminalJson(document, 2) would, through out (which ends each piece with a newline). */
export function writeJsonDocument(out: (text: string) => void, document: Record<string, unknown>): void {
  const entries = Object.entries(document).filter(([, value]) => !omitted(value));
  if (entries.length === 0) {
    out('{}');
    return;
  }
  let batch: string[] = [];
  let size = 0;
  const line = (text: string) => {
    batch.push(text);
    size += text.length;
    if (size < batchCharacters) return;
    out(batch.join('\n'));
    batch = [];
    size = 0;
  };
  line('{');
  entries.forEach(([key, value], index) => {
    const comma = index < entries.length - 1 ? ',' : '';
    const name = `  ${terminalJson(key)}: `;
    if (Array.isArray(value) && value.length > 0) {
      line(`${name}[`);
      value.forEach((element: unknown, at) => {
        const text = omitted(element) ? 'null' : (terminalJson(element, 2) ?? 'null');
        line(`    ${indented(text, '    ')}${at < value.length - 1 ? ',' : ''}`);
      });
      line(`  ]${comma}`);
    } else {
      line(`${name}${indented(terminalJson(value, 2), '  ')}${comma}`);
    }
  });
  line('}');
  out(batch.join('\n'));
}

/**
 * Word-level difference of two texts (longest common subsequence over words and the spaces between them), so a
 * description that gained one hidden sentence shows exactly that sentence. Texts too large for the table are
 * shown as one removal and one addition rather than taking the CLI's time and memory.
 */
import type { WordPart } from '../../shared/diff.js';

/** Largest table (old tokens × new tokens) compared word by word. */
const maximumCells = 4_000_000;

function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

function push(parts: WordPart[], op: WordPart['op'], text: string): void {
  const last = parts[parts.length - 1];
  if (last && last.op === op) last.text += text;
  else parts.push({ op, text });
}

export function wordDiff(before: string, after: string): WordPart[] {
  const left = tokens(before);
  const right = tokens(after);
  const parts: WordPart[] = [];
  if (left.length * right.length > maximumCells) {
    if (before !== '') parts.push({ op: 'removed', text: before });
    if (after !== '') parts.push({ op: 'added', text: after });
    return parts;
  }
  const width = right.length + 1;
  // lengths[i * width + j]: longest common subsequence of left[i..] and right[j..].
  const lengths = new Uint32Array((left.length + 1) * width);
  for (let i = left.length - 1; i >= 0; i -= 1) {
    for (let j = right.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        left[i] === right[j]
          ? lengths[(i + 1) * width + j + 1] + 1
          : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
    }
  }
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    if (left[i] === right[j]) {
      push(parts, 'same', left[i]);
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
      push(parts, 'removed', left[i]);
      i += 1;
    } else {
      push(parts, 'added', right[j]);
      j += 1;
    }
  }
  for (; i < left.length; i += 1) push(parts, 'removed', left[i]);
  for (; j < right.length; j += 1) push(parts, 'added', right[j]);
  return parts;
}

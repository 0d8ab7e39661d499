/** The text of a snapshot file: pretty JSON (two spaces) with a final newline, so diffs of two files read well. */
import type { Snapshot } from '../../shared/snapshot.js';

export function serializeSnapshot(snapshot: Snapshot): string {
  return `${JSON.stringify(snapshot, null, 2)}\n`;
}

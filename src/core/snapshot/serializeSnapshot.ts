/** The text of a snapshot file: pretty JSON (two spaces) with a final newline, so diffs of two files read well. */
import type { Snapshot } from '../../shared/snapshot.js';
import { stringifyJson } from '../json/stringifyJson.js';

/** stringifyJson, not JSON.stringify: a server's schema nested 100,000 levels deep must not cost the file. */
export function serializeSnapshot(snapshot: Snapshot): string {
  return `${stringifyJson(snapshot, 2)}\n`;
}

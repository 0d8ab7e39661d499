/** A recording from a snapshot file: read, checked as a snapshot, then as a recording (one named error if not). */
import { LoupeError } from '../../shared/errors.js';
import { readSnapshot } from '../snapshot/readSnapshot.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { indexRecording, type RecordingIndex } from './recordingIndex.js';

export interface LoadedRecording {
  snapshot: Snapshot;
  index: RecordingIndex;
}

export function recordingOf(snapshot: Snapshot, path?: string): LoadedRecording {
  try {
    return { snapshot, index: indexRecording(snapshot) };
  } catch (error) {
    if (error instanceof LoupeError && path !== undefined)
      throw new LoupeError({ ...error.detail, message: `${path}: ${error.detail.message}` });
    throw error;
  }
}

export async function loadRecording(path: string): Promise<LoadedRecording> {
  return recordingOf(await readSnapshot(path), path);
}

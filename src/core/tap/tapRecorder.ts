/**
 * The recorder of a `loupe tap` process. Its record is the journal and, when a Loupe runs, the live session: no one
 * reads frames from the tap's memory, so it keeps only the last one (a ring of 50,000 frames of 25 KB pages cost the
 * garbage collector more than the parsing, in the middle of a host's listing; 64 frames each just under the 64 MiB
 * recording limit would hold 4 GB).
 */
import { FrameRecorder } from '../recorder/frameRecorder.js';

const heldFrames = 1;

export function tapRecorder(journalPath: string): FrameRecorder {
  return new FrameRecorder({ journalPath, limit: heldFrames });
}

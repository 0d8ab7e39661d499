/**
 * Marks the frames of requests an MCP App made (through Loupe) with the app's ui:// URI: the request as it
 * goes out (matched by the JSON-RPC id the peer tells us before sending) and the answer paired with it.
 * One marker per recorder, installed as the recorder's annotator the first time an app asks for something.
 */
import type { Frame } from '../../shared/frames.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';

const maxRemembered = 10_000;

function remember<K>(map: Map<K, string>, key: K, app: string): void {
  map.set(key, app);
  if (map.size > maxRemembered) map.delete(map.keys().next().value as K);
}

export class AppFrameMarker {
  private readonly byId = new Map<string | number, string>();
  private readonly bySeq = new Map<number, string>();

  /** The next outbound request with this id is the app's. */
  expect(id: string | number, app: string): void {
    remember(this.byId, id, app);
  }

  mark(frame: Frame): void {
    if (frame.direction === 'out' && frame.kind === 'request' && frame.id !== undefined) {
      const app = this.byId.get(frame.id);
      if (app === undefined) return;
      this.byId.delete(frame.id);
      frame.app = app;
      remember(this.bySeq, frame.seq, app);
      return;
    }
    if (
      frame.direction === 'in' &&
      (frame.kind === 'response' || frame.kind === 'error') &&
      frame.pairSeq !== undefined
    ) {
      const app = this.bySeq.get(frame.pairSeq);
      if (app === undefined) return;
      this.bySeq.delete(frame.pairSeq);
      frame.app = app;
    }
  }
}

const markers = new WeakMap<FrameRecorder, AppFrameMarker>();

export function appFrameMarker(recorder: FrameRecorder): AppFrameMarker {
  let marker = markers.get(recorder);
  if (!marker) {
    const created = new AppFrameMarker();
    recorder.setAnnotator((frame) => created.mark(frame));
    markers.set(recorder, created);
    marker = created;
  }
  return marker;
}

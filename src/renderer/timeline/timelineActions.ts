/** The server's own spans (OTLP in) for the timeline: fetched through the bridge when the receiver took new ones. */
import type { TraceSpan } from '../../shared/trace/spans';
import { getApi } from '../bridge';
import { selectFrame, setTab } from '../store/appActions';

/** The server's spans when the receiver holds more than `known`; undefined when nothing changed or none listen. */
export async function newServerSpans(known: number): Promise<TraceSpan[] | undefined> {
  try {
    const api = getApi();
    const info = await api.traceReceiver();
    const count = info.stats?.spans ?? 0;
    if (count === known) return undefined;
    const spans = await api.traceSpans();
    return spans.filter((span) => span.source === 'server');
  } catch {
    return undefined;
  }
}

/** A row's request frame, opened in Traffic. */
export function openInTraffic(seq: number): void {
  selectFrame(seq);
  setTab('Traffic');
}

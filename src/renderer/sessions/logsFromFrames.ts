/**
 * The server's log messages (notifications/message) read back from the frames a session holds, for a page
 * that re-attached: the backend keeps the frames, not a separate log. Frames are the server's text: each one
 * is parsed and checked; what is not a log message is skipped.
 */
import type { PushedFrame } from '../../shared/frames';
import { isJsonObject } from '../../shared/json';
import type { LogEntry } from '../../shared/session';
import { maxLogEntries } from '../store/trafficSlice';

export function logsFromFrames(frames: readonly PushedFrame[]): LogEntry[] {
  const logs: LogEntry[] = [];
  for (const frame of frames) {
    if (frame.direction !== 'in' || frame.method !== 'notifications/message' || frame.raw === undefined)
      continue;
    let message: unknown;
    try {
      message = JSON.parse(frame.raw);
    } catch {
      continue;
    }
    if (!isJsonObject(message) || !isJsonObject(message.params)) continue;
    const { level, logger, data } = message.params;
    logs.push({
      t: frame.t,
      level: typeof level === 'string' ? level : 'info',
      ...(typeof logger === 'string' ? { logger } : {}),
      data: data ?? null,
    });
  }
  return logs.slice(-maxLogEntries);
}

/** Earlier calls of one tool, newest first: show one, run it again, or copy it as a loupe command line. */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { JsonObject } from '../../shared/json';
import { formatMs } from '../lib/format';
import type { CallRecord } from '../store/callsSlice';
import { useLoupeStore } from '../store/store';
import { cliCommand } from './cliCommand';
import { SaveToCollectionButton } from '../collections/SaveToCollection';

interface Props {
  tool: string;
  shownCallId: string | undefined;
  onShow: (callId: string) => void;
  onRerun: (args: JsonObject) => void;
}

function label(record: CallRecord): string {
  if (record.state === 'running') return 'running';
  if (record.state === 'cancelled') return 'cancelled';
  if (record.error?.kind === 'cancel-failed') return 'not cancelled';
  if (record.error) return `protocol error (${record.error.kind})`;
  return record.outcome?.isError ? 'tool error' : 'ok';
}

export function CallHistory({ tool, shownCallId, onShow, onRerun }: Props) {
  const records = useLoupeStore(
    useShallow((state) =>
      (state.callHistory.get(tool) ?? [])
        .map((callId) => state.calls[callId])
        .filter((record) => record !== undefined),
    ),
  );
  const target = useLoupeStore((state) =>
    state.status.state === 'idle' ? state.lastTarget : state.status.target,
  );
  const [copied, setCopied] = useState<{ callId: string; command: string } | undefined>(undefined);
  if (records.length === 0) return null;
  const copy = (record: CallRecord) => {
    const command = cliCommand(tool, record.arguments, target);
    setCopied({ callId: record.callId, command });
    void navigator.clipboard?.writeText(command).catch(() => undefined);
  };
  return (
    <section className="call-history" aria-label="Call history">
      <h4>History</h4>
      <ol>
        {records.map((record) => (
          <li key={record.callId} className={record.callId === shownCallId ? 'selected' : undefined}>
            <button type="button" className="link" onClick={() => onShow(record.callId)}>
              {new Date(record.startedAt).toLocaleTimeString()} · {label(record)}
              {record.outcome ? ` · ${formatMs(record.outcome.rttMs)}` : ''}
            </button>{' '}
            <code className="small">{JSON.stringify(record.arguments)}</code>{' '}
            <button
              type="button"
              onClick={() => onRerun(record.arguments)}
              disabled={record.state === 'running'}
            >
              Re-run
            </button>{' '}
            <button type="button" onClick={() => copy(record)}>
              Copy as CLI
            </button>
            {record.outcome && (
              <>
                {' '}
                <SaveToCollectionButton
                  call={{ tool, arguments: record.outcome.arguments, result: record.outcome.result }}
                />
              </>
            )}
            {copied?.callId === record.callId && (
              <pre className="cli-command" aria-label="CLI command">
                {copied.command}
              </pre>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

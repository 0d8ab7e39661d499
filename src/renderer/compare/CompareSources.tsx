import { useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { CompareChoice } from '../store/compareSlice';
import { useLoupeStore } from '../store/store';
import { chooseSide, chooseSideFile, runCompare, swapSides } from './compareActions';

const sideNames = { left: 'Old (left)', right: 'New (right)' } as const;

function choiceText(choice: CompareChoice | null): string {
  if (!choice) return 'nothing chosen';
  return choice.source === 'live' ? 'the live session' : choice.fileName;
}

function SidePicker({
  side,
  choice,
  connected,
}: {
  side: 'left' | 'right';
  choice: CompareChoice | null;
  connected: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const name = side === 'left' ? 'Left' : 'Right';
  return (
    <div className="compare-side-picker" role="group" aria-label={sideNames[side]}>
      <div className="compare-side-name">{sideNames[side]}</div>
      <div className="mono small compare-choice" data-testid={`compare-${side}-choice`}>
        {choiceText(choice)}
      </div>
      <div className="button-row">
        <button type="button" onClick={() => input.current?.click()}>
          Snapshot file…
        </button>
        <button
          type="button"
          onClick={() => chooseSide(side, { source: 'live' })}
          disabled={!connected}
          title={
            connected
              ? 'List the connected server now'
              : 'Not connected: connect to a server to compare with it'
          }
        >
          Live session
        </button>
      </div>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label={`${name} snapshot file`}
        data-testid={`compare-${side}-file`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void chooseSideFile(side, file);
        }}
      />
    </div>
  );
}

/** The two sides to compare: a snapshot file or the live session each. */
export function CompareSources() {
  const { left, right, connected, busy } = useLoupeStore(
    useShallow((state) => ({
      left: state.compareLeft,
      right: state.compareRight,
      connected: state.status.state === 'connected',
      busy: state.compareBusy,
    })),
  );
  return (
    <div className="compare-sources">
      <SidePicker side="left" choice={left} connected={connected} />
      <div className="compare-source-actions">
        <button type="button" onClick={swapSides} disabled={!left && !right} aria-label="Swap the sides">
          <span aria-hidden="true">⇄</span> Swap
        </button>
        <button type="button" onClick={() => void runCompare()} disabled={!left || !right || busy}>
          Compare again
        </button>
        {busy ? (
          <span className="muted small" role="status">
            <span className="spinner inline-spinner" aria-hidden="true" /> Comparing…
          </span>
        ) : null}
      </div>
      <SidePicker side="right" choice={right} connected={connected} />
    </div>
  );
}

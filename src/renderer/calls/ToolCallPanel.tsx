/**
 * Calling one tool: the arguments editor (form + JSON), Call (or Ctrl/Cmd+Enter), a hold while the server's pin
 * drift is not accepted, a confirmation when the server claims the tool is destructive, progress and Cancel while
 * it runs, the result, and the history.
 */
import { holdsCalls } from '../security/holdsCalls';
import { useRef, useState, type KeyboardEvent } from 'react';
import { toolAppUri } from '../../shared/apps';
import { isJsonObject, type JsonObject } from '../../shared/json';
import { AppView } from '../apps/AppView';
import { ArgumentsEditor, type ArgumentsEditorHandle } from '../forms/ArgumentsEditor';
import { useLoupeStore } from '../store/store';
import { selectTapped } from '../store/selectors';
import { callTool, cancelCall } from './callActions';
import { CallHistory } from './CallHistory';
import { CallProgress } from './CallProgress';
import { CallRounds } from './CallRounds';
import { ConfirmDestructive } from './ConfirmDestructive';
import { ResultView } from './ResultView';
import { TaskChoice } from '../tasks/TaskChoice';
import { TaskLive } from '../tasks/TaskLive';
import { taskSupportOf } from '../tasks/taskSupport';
import { SaveToCollectionButton, StepDraftEditor } from '../collections/SaveToCollection';
import { PinHold } from '../security/PinHold';
import { acceptPin } from '../security/securityActions';
import './calls.css';

function claimsDestructive(tool: JsonObject): boolean {
  return isJsonObject(tool.annotations) && tool.annotations.destructiveHint === true;
}

export function ToolCallPanel({ tool }: { tool: JsonObject }) {
  const name = typeof tool.name === 'string' ? tool.name : '';
  return <ToolCallPanelFor key={name} name={name} tool={tool} />;
}

function ToolCallPanelFor({ name, tool }: { name: string; tool: JsonObject }) {
  const editor = useRef<ArgumentsEditorHandle>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<JsonObject | undefined>(undefined);
  const [held, setHeld] = useState<JsonObject | undefined>(undefined);
  const pin = useLoupeStore((state) => state.security?.pin);
  const drifted = holdsCalls(pin) ? pin : undefined;
  const [shownCallId, setShownCallId] = useState<string | undefined>(undefined);
  const [asTask, setAsTask] = useState(false);
  const latestCallId = useLoupeStore((state) => state.callHistory.get(name)?.[0]);
  const callId = shownCallId ?? latestCallId;
  const record = useLoupeStore((state) => (callId ? state.calls[callId] : undefined));
  const running = useLoupeStore((state) =>
    (state.callHistory.get(name) ?? []).some((id) => state.calls[id]?.state === 'running'),
  );
  const timeoutMs = useLoupeStore((state) => state.settings?.timeoutMs);
  const connected = useLoupeStore((state) => state.status.state === 'connected');
  const tapped = useLoupeStore((state) => selectTapped(state)?.readOnly);

  const send = (args: JsonObject) => {
    setConfirming(undefined);
    setShownCallId(undefined);
    void callTool(name, args, asTask ? 'task' : 'auto');
  };

  const attempt = (args?: JsonObject) => {
    if (running) return;
    let toSend = args;
    if (!toSend) {
      const check = editor.current?.check();
      if (!check) return;
      if (!check.ok) {
        setProblems(check.errors);
        return;
      }
      toSend = check.arguments;
    }
    setProblems([]);
    // Unaccepted drift: the call waits for the person (no timer runs while it waits).
    if (drifted) setHeld(toSend);
    else proceed(toSend);
  };

  const proceed = (args: JsonObject) => {
    setHeld(undefined);
    if (claimsDestructive(tool)) setConfirming(args);
    else send(args);
  };

  const acceptAndCall = async (args: JsonObject) => {
    setHeld(undefined);
    // Not accepted (the error shows in the Security view): nothing is sent.
    if (await acceptPin()) proceed(args);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      attempt();
    }
  };

  return (
    <section className="tool-call-panel" aria-label={`Call ${name}`} onKeyDown={onKeyDown}>
      <ArgumentsEditor ref={editor} schema={tool.inputSchema} idPrefix={`call-${name}`} />
      <div className="call-actions">
        <button
          type="button"
          onClick={() => attempt()}
          disabled={running || !connected || tapped !== undefined}
          title="Ctrl/Cmd+Enter"
        >
          Call {name}
        </button>{' '}
        <span className="muted small">Ctrl/Cmd+Enter</span>
        <TaskChoice support={taskSupportOf(tool)} asTask={asTask} onChange={setAsTask} />
        {tapped !== undefined ? (
          <span className="muted small" data-testid="call-tapped">
            {' '}
            — {tapped}
          </span>
        ) : (
          !connected && <span className="muted small"> — not connected</span>
        )}
      </div>
      {problems.length > 0 && (
        <div className="call-problems" role="alert">
          Not sent:
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {held && drifted && (
        <PinHold
          tool={name}
          pin={drifted}
          onAcceptAndCall={() => void acceptAndCall(held)}
          onCallAnyway={() => proceed(held)}
          onCancel={() => setHeld(undefined)}
        />
      )}
      {confirming && (
        <ConfirmDestructive
          tool={name}
          onConfirm={() => send(confirming)}
          onCancel={() => setConfirming(undefined)}
        />
      )}
      {record?.state === 'running' && (
        <CallProgress record={record} timeoutMs={timeoutMs} onCancel={() => void cancelCall(record.callId)} />
      )}
      {record && <TaskLive callId={record.callId} />}
      {record?.outcome?.rounds && <CallRounds rounds={record.outcome.rounds} />}
      {record && <ResultView record={record} />}
      {record?.outcome && (
        <div className="call-actions">
          <SaveToCollectionButton
            call={{ tool: name, arguments: record.outcome.arguments, result: record.outcome.result }}
          />
        </div>
      )}
      <StepDraftEditor tool={name} />
      {record?.outcome && toolAppUri(tool) ? (
        <AppView
          key={record.callId}
          uri={toolAppUri(tool) ?? ''}
          toolInput={record.outcome.arguments}
          toolResult={record.outcome.result}
        />
      ) : null}
      <CallHistory
        tool={name}
        shownCallId={callId}
        onShow={setShownCallId}
        onRerun={(args) => {
          editor.current?.load(args);
          attempt(args);
        }}
      />
    </section>
  );
}

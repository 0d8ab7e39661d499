/** elicitation/create: the server asks the user for input; a form from requestedSchema, through the same engine. */
import { useRef, useState } from 'react';
import { isJsonObject } from '../../shared/json';
import type { ServerRequest } from '../../shared/session';
import { ArgumentsEditor, type ArgumentsEditorHandle } from '../forms/ArgumentsEditor';
import { answerRequest } from './requestActions';

export function ElicitationRequest({ request }: { request: ServerRequest }) {
  const editor = useRef<ArgumentsEditorHandle>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const { params } = request;
  const message = typeof params.message === 'string' ? params.message : '';
  const url = params.mode === 'url' && typeof params.url === 'string' ? params.url : undefined;
  const accept = () => {
    if (url !== undefined) {
      void answerRequest(request, { result: { action: 'accept' } }, 'accepted');
      return;
    }
    const check = editor.current?.check();
    if (!check) return;
    if (!check.ok) {
      setProblems(check.errors);
      return;
    }
    void answerRequest(request, { result: { action: 'accept', content: check.arguments } }, 'accepted');
  };
  return (
    <>
      <p className="request-message">{message}</p>
      {url !== undefined ? (
        <p>
          The server asks you to open this address (not opened by Loupe): <code className="mono">{url}</code>
        </p>
      ) : (
        <ArgumentsEditor ref={editor} schema={isJsonObject(params.requestedSchema) ? params.requestedSchema : undefined} idPrefix={`elicit-${request.requestId}`} />
      )}
      {problems.length > 0 && (
        <ul className="call-problems" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className="dialog-buttons">
        <button type="button" onClick={accept}>
          Accept
        </button>
        <button type="button" onClick={() => void answerRequest(request, { result: { action: 'decline' } }, 'declined')}>
          Decline
        </button>
        <button type="button" onClick={() => void answerRequest(request, { result: { action: 'cancel' } }, 'cancelled')}>
          Cancel
        </button>
      </div>
    </>
  );
}

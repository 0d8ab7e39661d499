/** sampling/createMessage: the server asks for an LLM completion; the user reads the request and writes the reply. */
import { useState } from 'react';
import { isJsonObject, type JsonValue } from '../../shared/json';
import type { ServerRequest } from '../../shared/session';
import { JsonView } from '../components/JsonView';
import { answerRequest } from './requestActions';

/** JSON-RPC error code the MCP spec's examples use for a user who rejects a sampling request. */
export const userRejected = -1;

function MessageView({ message }: { message: JsonValue }) {
  if (!isJsonObject(message)) return <JsonView value={message} />;
  const content = message.content;
  const role = typeof message.role === 'string' ? message.role : '?';
  const blocks = Array.isArray(content) ? content : [content];
  return (
    <li>
      <strong>{role}:</strong>{' '}
      {blocks.map((block, position) =>
        isJsonObject(block) && block.type === 'text' && typeof block.text === 'string' ? (
          <span key={position} className="pre-wrap">
            {block.text}
          </span>
        ) : (
          <JsonView key={position} value={block ?? null} />
        ),
      )}
    </li>
  );
}

export function SamplingRequest({ request }: { request: ServerRequest }) {
  const { params } = request;
  const messages = Array.isArray(params.messages) ? params.messages : [];
  const [reply, setReply] = useState('');
  const [model, setModel] = useState('loupe-user');
  const approve = () =>
    void answerRequest(
      request,
      { result: { role: 'assistant', content: { type: 'text', text: reply }, model, stopReason: 'endTurn' } },
      'approved with a reply',
    );
  return (
    <>
      {typeof params.systemPrompt === 'string' && (
        <p>
          <strong>System prompt:</strong> <span className="pre-wrap">{params.systemPrompt}</span>
        </p>
      )}
      <ol className="sampling-messages">
        {messages.map((message, position) => (
          <MessageView key={position} message={message} />
        ))}
      </ol>
      <p className="muted small">
        maxTokens {JSON.stringify(params.maxTokens ?? null)}
        {params.modelPreferences !== undefined ? ` · model preferences ${JSON.stringify(params.modelPreferences)}` : ''}
      </p>
      <details>
        <summary>Request as sent</summary>
        <JsonView value={params} />
      </details>
      <label>
        Reply (sent as the assistant message)
        <textarea aria-label="Sampling reply" value={reply} onChange={(event) => setReply(event.target.value)} rows={4} />
      </label>
      <label>
        Model name reported <input aria-label="Model name" value={model} onChange={(event) => setModel(event.target.value)} />
      </label>
      <div className="dialog-buttons">
        <button type="button" onClick={approve}>
          Approve and send reply
        </button>
        <button
          type="button"
          onClick={() => void answerRequest(request, { error: { code: userRejected, message: 'The user rejected the sampling request.' } }, 'rejected')}
        >
          Reject
        </button>
      </div>
    </>
  );
}

/** roots/list: answered with the roots the user configured for this connection (a small editor). */
import { useState } from 'react';
import type { JsonObject } from '../../shared/json';
import type { ServerRequest } from '../../shared/session';
import { describeTarget } from '../../shared/target';
import type { RootEntry } from '../store/callsSlice';
import { useLoupeStore } from '../store/store';
import { plural } from '../lib/format';
import { answerRequest, setRoots } from './requestActions';

export function RootsRequest({ request }: { request: ServerRequest }) {
  const connection = useLoupeStore((state) =>
    state.status.state === 'idle' ? '' : describeTarget(state.status.target),
  );
  const saved = useLoupeStore((state) => state.rootsByConnection[connection]);
  const [roots, setDraft] = useState<RootEntry[]>(() => saved ?? []);
  const update = (index: number, patch: Partial<RootEntry>) =>
    setDraft((current) =>
      current.map((root, position) => (position === index ? { ...root, ...patch } : root)),
    );
  const answer = () => {
    const cleaned = roots
      .filter((root) => root.uri.trim() !== '')
      .map((root): RootEntry =>
        root.name && root.name.trim() !== ''
          ? { uri: root.uri.trim(), name: root.name }
          : { uri: root.uri.trim() },
      );
    const answered = cleaned.map((root): JsonObject => {
      const entry: JsonObject = { uri: root.uri };
      if (root.name !== undefined) entry.name = root.name;
      return entry;
    });
    setRoots(connection, cleaned);
    void answerRequest(
      request,
      { result: { roots: answered } },
      cleaned.length === 0 ? 'answered with no roots' : `answered with ${plural(cleaned.length, 'root')}`,
    );
  };
  return (
    <>
      <p>
        The server asks which roots (directories or URIs) it may work in. Roots kept for{' '}
        {connection || 'this connection'}:
      </p>
      <ul className="roots-editor">
        {roots.map((root, index) => (
          <li key={index}>
            <input
              aria-label={`Root ${index + 1} URI`}
              placeholder="file:///path"
              value={root.uri}
              onChange={(event) => update(index, { uri: event.target.value })}
            />{' '}
            <input
              aria-label={`Root ${index + 1} name`}
              placeholder="name (optional)"
              value={root.name ?? ''}
              onChange={(event) => update(index, { name: event.target.value })}
            />{' '}
            <button
              type="button"
              onClick={() => setDraft((current) => current.filter((_, position) => position !== index))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => setDraft((current) => [...current, { uri: '' }])}>
        Add root
      </button>
      <div className="dialog-buttons">
        <button type="button" onClick={answer}>
          Answer with these roots
        </button>
        <button
          type="button"
          onClick={() =>
            void answerRequest(
              request,
              { error: { code: -1, message: 'The user refused to list roots.' } },
              'refused',
            )
          }
        >
          Refuse
        </button>
      </div>
    </>
  );
}

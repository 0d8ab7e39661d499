/**
 * "Save to collection" on a call: the call's actual result becomes the proposed expectation, shown as the step's
 * JSON to edit; each leaf of the compared value can be ignored with one click (those that look like times or ids
 * are marked), then "Add to collection" appends the step to the open collection.
 */
import { useLoupeStore } from '../store/store';
import type { CollectionCall } from '../../shared/collections';
import {
  addDraftToCollection,
  cancelDraft,
  draftFromCall,
  setDraftText,
  toggleIgnored,
} from './collectionActions';
import './collections.css';

export function SaveToCollectionButton({ call }: { call: CollectionCall }) {
  return (
    <button type="button" onClick={() => void draftFromCall(call)}>
      Save to collection
    </button>
  );
}

function shortValue(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** The step being drafted, when it is of this tool. */
export function StepDraftEditor({ tool }: { tool: string }) {
  const draft = useLoupeStore((state) => state.stepDraft);
  if (!draft || draft.draft.step.tool !== tool) return null;
  const { leaves, compares } = draft.draft;
  return (
    <section className="step-draft" aria-label="Save to collection">
      <h4>Save to collection</h4>
      <p className="muted small">
        The actual result is the proposed expectation{compares === 'none' ? '' : ` (${compares} equals)`}.
        Edit it, or ignore fields that change from call to call.
      </p>
      {leaves.length > 0 && (
        <ul className="step-draft-leaves" aria-label="Fields of the expectation">
          {leaves.map((leaf) => (
            <li key={leaf.pointer}>
              <label>
                <input
                  type="checkbox"
                  checked={draft.ignored.includes(leaf.pointer)}
                  onChange={() => toggleIgnored(leaf.pointer)}
                />{' '}
                Ignore <code>{leaf.pointer}</code>
              </label>{' '}
              <span className="muted small">{shortValue(leaf.value)}</span>
              {leaf.volatile && <span className="badge volatile">looks volatile</span>}
            </li>
          ))}
        </ul>
      )}
      <textarea
        aria-label="Step to save"
        className="step-draft-text"
        spellCheck={false}
        value={draft.text}
        rows={Math.min(24, draft.text.split('\n').length + 1)}
        onChange={(event) => setDraftText(event.target.value)}
      />
      <div className="call-actions">
        <button type="button" onClick={addDraftToCollection}>
          Add to collection
        </button>{' '}
        <button type="button" onClick={cancelDraft}>
          Cancel
        </button>
      </div>
    </section>
  );
}

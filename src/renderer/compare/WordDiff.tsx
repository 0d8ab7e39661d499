import type { WordPart } from '../../shared/diff';

/** A text's word-level change: removed words struck through, added words marked; every part rendered as text. */
export function WordDiff({ parts, label }: { parts: readonly WordPart[]; label: string }) {
  return (
    <p className="word-diff" aria-label={label}>
      {parts.map((part, index) =>
        part.op === 'added' ? (
          <ins key={index} className="word-added">
            {part.text}
          </ins>
        ) : part.op === 'removed' ? (
          <del key={index} className="word-removed">
            {part.text}
          </del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

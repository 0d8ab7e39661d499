import type { Finding } from '../../shared/lint';

/**
 * A finding's evidence: the span highlighted between its context, all made visible by the backend (invisible
 * characters as ⟦U+… NAME⟧), rendered as text; then the characters named, the decoded text, why and the reference.
 */
export function Evidence({ finding }: { finding: Finding }) {
  const detail = finding.security;
  if (!detail) return null;
  const { evidence, reference } = detail;
  const safeUrl = /^https:\/\//.test(reference.url) ? reference.url : undefined;
  return (
    <div className="evidence">
      {evidence.end > evidence.start || evidence.span !== '' ? (
        <div className="evidence-text mono small" data-testid="evidence">
          <span className="muted">{detail.field}: </span>
          {evidence.before}
          <mark className="evidence-span">{evidence.span}</mark>
          {evidence.after}
        </div>
      ) : null}
      {evidence.characters?.length ? (
        <div className="small">
          Characters:{' '}
          {evidence.characters.map((entry) => `${entry.codePoint} ${entry.name} ×${entry.count}`).join(', ')}
        </div>
      ) : null}
      {evidence.decoded !== undefined ? (
        <div className="small">
          Decoded: <span className="mono">{evidence.decoded}</span>
        </div>
      ) : null}
      <div className="small">{detail.why}</div>
      <div className="small muted">
        {safeUrl ? (
          <a href={safeUrl} target="_blank" rel="noopener noreferrer">
            {reference.title}
          </a>
        ) : (
          reference.title
        )}
        {reference.published ? ` · published ${reference.published}` : ''} · read {reference.read}
      </div>
    </div>
  );
}

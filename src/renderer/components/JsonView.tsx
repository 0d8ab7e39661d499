import { memo } from 'react';
import { prettyJson } from '../lib/format';

const token = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

/** Pretty JSON with colour, built from text nodes only: nothing in the value is ever interpreted as HTML. */
export function highlight(text: string): React.ReactNode[] {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(token)) {
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    const [whole, stringToken, colon, literal] = match;
    const className = stringToken
      ? colon
        ? 'json-key'
        : 'json-string'
      : literal
        ? 'json-literal'
        : 'json-number';
    parts.push(
      <span key={start} className={className}>
        {stringToken ?? whole}
      </span>,
    );
    if (colon) parts.push(colon);
    last = start + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

interface JsonViewProps {
  value?: unknown;
  /** Pre-formatted text (e.g. a raw frame made pretty); used instead of value. */
  text?: string;
  label?: string;
}

/** Large texts skip colouring: a 1 MB frame should not become 100,000 spans. */
const colourLimit = 200_000;

export const JsonView = memo(function JsonView({ value, text, label }: JsonViewProps) {
  const shown = text ?? prettyJson(value);
  return (
    <pre className="json-view" aria-label={label} tabIndex={0}>
      {shown.length > colourLimit ? shown : highlight(shown)}
    </pre>
  );
});

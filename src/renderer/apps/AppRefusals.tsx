/** What Loupe refused the app so far, counted by cause, with the last refusal as the app was told it. */
export interface RefusalCounts {
  total: number;
  byKind: Partial<Record<string, number>>;
  last?: string;
}

const causes: [kind: string, label: string][] = [
  ['app-rate-limited', 'past the rate limit'],
  ['app-tool-refused', 'not a tool the app may call'],
  ['app-call-declined', 'declined by you'],
  ['app-invalid', 'malformed'],
];

export function AppRefusals({ counts }: { counts: RefusalCounts }) {
  if (counts.total === 0) return null;
  const parts = causes
    .map(([kind, label]) => [counts.byKind[kind] ?? 0, label] as const)
    .filter(([count]) => count > 0)
    .map(([count, label]) => `${count.toLocaleString('en')} ${label}`);
  return (
    <div
      className="notice notice-warning app-refusals"
      role="status"
      aria-label="Refused requests of the app"
    >
      <p>
        Loupe refused {counts.total.toLocaleString('en')} {counts.total === 1 ? 'request' : 'requests'} of
        this app: {parts.join(', ')}.
      </p>
      {counts.last ? <p className="mono small">Last: {counts.last}</p> : null}
    </div>
  );
}

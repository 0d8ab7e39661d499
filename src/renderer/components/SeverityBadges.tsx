import type { Finding, Severity } from '../../shared/lint';

const order: Severity[] = ['error', 'warning'];

/** Small counts of errors and warnings, e.g. "2 errors", for a row of the tool list (notes show in the detail). */
export function SeverityBadges({ findings }: { findings: readonly Finding[] }) {
  if (!findings.some((finding) => finding.severity !== 'info')) return null;
  return (
    <span className="badges">
      {order.map((severity) => {
        const count = findings.filter((finding) => finding.severity === severity).length;
        if (count === 0) return null;
        return (
          <span
            key={severity}
            className={`badge badge-${severity}`}
            title={findings
              .filter((f) => f.severity === severity)
              .map((f) => f.message)
              .join('\n')}
          >
            {count} {severity}
            {count === 1 ? '' : 's'}
          </span>
        );
      })}
    </span>
  );
}

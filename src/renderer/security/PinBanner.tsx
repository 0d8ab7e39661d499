import type { ChangeClass } from '../../shared/diff';
import { listKinds } from '../../shared/lists';
import { useLoupeStore } from '../store/store';
import { acceptPin } from './securityActions';

/**
 * Shown as soon as the session's tools are listed, before anything is called: what the server shows changed since
 * it was pinned (trust on first use), each change with diff's class; accept it as the new pin after review.
 */
export function PinBanner() {
  const pin = useLoupeStore((state) => state.security?.pin ?? null);
  if (pin?.state !== 'changed') return null;
  const rows: { key: string; label: string; change: string; kind: ChangeClass }[] = [
    ...pin.diff.handshake.map((field) => ({
      key: field.path,
      label: field.path,
      change: field.summary,
      kind: field.class,
    })),
    ...listKinds.flatMap((kind) =>
      pin.diff.items[kind].flatMap((item) =>
        item.kind === 'changed'
          ? item.fields.map((field) => ({
              key: `${kind}/${item.name}/${field.path}`,
              label: `${kind} ${item.name} · ${field.path}`,
              change: field.summary,
              kind: field.class,
            }))
          : [
              {
                key: `${kind}/${item.name}`,
                label: `${kind} ${item.name}`,
                change: item.kind,
                kind: item.kind === 'removed' ? ('breaking' as const) : ('compatible' as const),
              },
            ],
      ),
    ),
  ];
  return (
    <div className="banner banner-error pin-banner" role="alert" aria-label="Pin changed">
      <div>
        <strong>This server changed since it was pinned</strong> ({pin.pin.pinnedAt}): {pin.changes} change
        {pin.changes === 1 ? '' : 's'}. Review before calling anything.
        <ul className="pin-changes">
          {rows.map((row) => (
            <li key={row.key}>
              <span className={`badge change-${row.kind}`}>{row.kind}</span>{' '}
              <span className="mono small">{row.label}</span>:{' '}
              <span className="mono small">{row.change}</span>
            </li>
          ))}
        </ul>
      </div>
      <button type="button" onClick={() => void acceptPin()}>
        Accept as the new pin
      </button>
    </div>
  );
}

import { useLoupeStore } from '../store/store';
import { openHistoryEntry } from './compareActions';
import { utcTime } from './compareLabels';

/** The list_changed notifications this session saw, newest first, each openable in the Compare view. */
export function ListChangeHistory() {
  const history = useLoupeStore((state) => state.listHistory);
  return (
    <section className="list-change-history" aria-label="List changes this session">
      <h3 className="card-title">List changes this session</h3>
      {history.length === 0 ? (
        <p className="muted small">
          None yet: when the server sends a list_changed notification, the list before and after it is kept
          here.
        </p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th>When</th>
              <th>List</th>
              <th className="num">Added</th>
              <th className="num">Removed</th>
              <th className="num">Changed</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {[...history].reverse().map((entry) => (
              <tr key={entry.id} data-testid="list-change">
                <td className="mono small">{utcTime(entry.at)}</td>
                <td>
                  {entry.kind}
                  {entry.undeclared ? <span className="badge badge-warning">undeclared</span> : null}
                  {entry.echoes !== undefined ? (
                    <span
                      className="badge badge-warning"
                      data-testid="list-change-echoes"
                      title={`The server announced list_changed again while answering ${entry.echoes} listings in a row that found nothing changed: Loupe no longer lists again for an announcement made during a listing (one that comes between listings is still followed).`}
                    >
                      announced on every listing: no longer followed
                    </span>
                  ) : null}
                </td>
                <td className="num">+{entry.added}</td>
                <td className="num">−{entry.removed}</td>
                <td className="num">~{entry.changed}</td>
                <td>
                  <button type="button" onClick={() => void openHistoryEntry(entry.id)}>
                    Open in Compare
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * The tools header's word on who the list is for: what Loupe declared when it connected, that a server may list
 * other tools to a client declaring less (the CLI declares nothing without --input), and a second listing as a
 * client without capabilities that names the difference.
 */
import { useShallow } from 'zustand/react/shallow';
import { errorTitle } from '../components/ErrorNotice';
import { declaredNames, type CapabilityProbe } from '../lib/capabilityProbe';
import { plural } from '../lib/format';
import { dismissCapabilityProbe, listWithoutCapabilities } from '../store/capabilityProbeActions';
import { selectTapped } from '../store/selectors';
import { useLoupeStore } from '../store/store';
import './declaredCapabilities.css';

function declaredWords(core: string[], extensions: string[]): string {
  const parts = [
    ...(core.length > 0 ? [core.join(', ')] : []),
    ...(extensions.length > 0 ? [`extensions ${extensions.join(', ')}`] : []),
  ];
  return parts.join(', ');
}

function countDifference(withCount: number, withoutCount: number): string {
  if (withoutCount < withCount) return `${withCount - withoutCount} fewer`;
  if (withoutCount > withCount) return `${withoutCount - withCount} more`;
  return 'as many';
}

function ProbeOutcome({ probe }: { probe: Exclude<CapabilityProbe, { state: 'running' }> }) {
  if (probe.state === 'failed') {
    return (
      <>
        Listing as a client without capabilities failed ({errorTitle(probe.error)}): {probe.error.message}
      </>
    );
  }
  const { withCount, withoutCount, onlyWith, onlyWithout, complete } = probe;
  const same = onlyWith.length === 0 && onlyWithout.length === 0 && withCount === withoutCount;
  return (
    <>
      As a client without capabilities: {plural(withoutCount, 'tool')}
      {complete ? '' : ' (that listing stopped early)'}
      {same
        ? ' — the same tools: what Loupe declares does not change this list.'
        : ` — ${countDifference(withCount, withoutCount)}.`}
      {onlyWith.length > 0 ? (
        <span className="probe-names">
          {' '}
          Listed only for a client that declares them: <span className="mono">{onlyWith.join(', ')}</span>.
        </span>
      ) : null}
      {onlyWithout.length > 0 ? (
        <span className="probe-names">
          {' '}
          Listed only without capabilities: <span className="mono">{onlyWithout.join(', ')}</span>.
        </span>
      ) : null}
    </>
  );
}

export function DeclaredCapabilities() {
  const { declared, probe, listed, host } = useLoupeStore(
    useShallow((state) => ({
      declared:
        state.status.state === 'connected' && !state.snapshotView
          ? state.status.handshake.clientCapabilities
          : undefined,
      probe: state.capabilityProbe,
      listed: state.lists.tools.result !== null && !state.lists.tools.loading,
      // A tapped session's capabilities are the host's, read from its frames: it is the host that declared them.
      host: state.snapshotView ? undefined : selectTapped(state),
    })),
  );
  const hostName = host ? `host${host.client ? ` (${host.client})` : ''}` : undefined;
  const who = hostName ? `the ${hostName}` : 'Loupe';
  if (!declared) return null;
  const { core, extensions } = declaredNames(declared);
  const none = core.length === 0 && extensions.length === 0;
  return (
    <div className="declared-capabilities" role="group" aria-label="Declared capabilities">
      <p
        className="muted small declared-line"
        title={
          none
            ? undefined
            : `Listed for Loupe declaring ${declaredWords(core, extensions)}; a client declaring less may be listed other tools (the CLI declares none without --input).`
        }
      >
        {none ? (
          `${hostName ? `The ${hostName}` : 'Loupe'} declared no client capabilities.`
        ) : (
          <>
            Listed for {who} declaring{' '}
            <span className="declared-names">{declaredWords(core, extensions)}</span>; a client declaring less
            may be listed other tools (the CLI declares none without <code>--input</code>).
          </>
        )}
      </p>
      {!none && !probe ? (
        <button
          type="button"
          className="probe-button"
          disabled={!listed}
          onClick={() => void listWithoutCapabilities()}
        >
          List as a client without capabilities
        </button>
      ) : null}
      {probe?.state === 'running' ? (
        <p className="small" role="status">
          <span className="spinner inline-spinner" aria-hidden="true" /> Listing over a second, temporary
          connection that declares nothing…
        </p>
      ) : null}
      {probe && probe.state !== 'running' ? (
        <div
          className={`small probe-outcome probe-${probe.state}`}
          role="status"
          aria-label="Without capabilities"
        >
          <span>
            <ProbeOutcome probe={probe} />
          </span>
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={dismissCapabilityProbe}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The policy the app's frame gets, shown before the app runs: what it may reach (from `_meta.ui.csp`, as Loupe
 * kept it), what was left out and why, what is blocked beyond CSP (WebRTC), what Loupe cannot close (frames of
 * other origins), and the exact Content-Security-Policy header the sandbox serves. All of it is text.
 */
import type { AppResource } from '../../shared/apps';

const listNames = {
  connectDomains: 'connectDomains',
  resourceDomains: 'resourceDomains',
  frameDomains: 'frameDomains',
  baseUriDomains: 'baseUriDomains',
} as const;

function Origins({ origins, none }: { origins: readonly string[]; none: string }) {
  return origins.length === 0 ? (
    <span className="muted">{none}</span>
  ) : (
    <span className="mono">{origins.join(' ')}</span>
  );
}

export function AppPolicy({ app }: { app: AppResource }) {
  const { csp } = app;
  return (
    <section className="app-policy" aria-label="The app’s policy">
      <dl>
        <dt>Connects to</dt>
        <dd>
          <Origins origins={csp.connectDomains} none="nothing (no fetch, WebSocket or beacon)" />
        </dd>
        <dt>Loads scripts, styles, images, fonts from</dt>
        <dd>
          <Origins origins={csp.resourceDomains} none="its own page only (inline code, data: images)" />
        </dd>
        <dt>Frames</dt>
        <dd>
          <Origins origins={csp.frameDomains} none="none of other origins" />
        </dd>
        <dt>Base URI</dt>
        <dd>
          <Origins origins={csp.baseUriDomains} none="none" />
        </dd>
        <dt>WebRTC</dt>
        <dd>
          blocked: RTCPeerConnection and the rest are taken out of the app’s page, and of the frames it makes,
          before its code runs
        </dd>
      </dl>
      {csp.frameDomains.length > 0 ? (
        <p className="notice notice-warning" role="note">
          Cannot be closed: pages the app frames from {csp.frameDomains.join(', ')} are other origins, out of
          reach of Loupe’s guard and of the app’s policy; they can use WebRTC (in the desktop window the
          session’s WebRTC policy still sends no UDP).
        </p>
      ) : null}
      {app.refused.length > 0 ? (
        <div className="notice notice-warning" role="note" aria-label="Left out of the app’s policy">
          Left out of the app’s policy:
          <ul>
            {app.refused.map((refusal, position) => (
              <li key={position}>
                <span className="mono">{refusal.entry}</span> ({listNames[refusal.list]}): {refusal.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {app.policy ? (
        <details className="app-policy-header">
          <summary>Content-Security-Policy header of the app’s frame</summary>
          <pre className="mono small">{app.policy.split('; ').join(';\n')}</pre>
        </details>
      ) : null}
    </section>
  );
}

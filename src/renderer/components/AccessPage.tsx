/**
 * The one page a browser tab shows when it cannot use Loupe's backend: opened without the access token, with a
 * wrong one, with one of an earlier run, or with nothing answering. Each says why in one sentence, then the same
 * way on: the address Loupe printed when it started.
 */
import type { BackendLink } from '../store/sessionSlice';
import './accessPage.css';

export type AccessProblem = Extract<BackendLink, 'no-credential' | 'refused' | 'unreachable'>;

export function isAccessProblem(link: BackendLink): link is AccessProblem {
  return link === 'no-credential' || link === 'refused' || link === 'unreachable';
}

const reasons: Record<AccessProblem, string> = {
  'no-credential': 'This page was opened without Loupe’s access token.',
  refused:
    'Loupe runs at this address but did not accept this tab’s access token: it is not the token of this run. Each run of Loupe makes a new one, and a token ends with its run.',
  unreachable: 'Nothing answers at this address: Loupe has stopped, or it runs at another address now.',
};

export function AccessPage({ problem, origin }: { problem: AccessProblem; origin: string }) {
  return (
    <main className="access-page" aria-labelledby="access-title">
      <h1 id="access-title">Open the address Loupe printed</h1>
      <p className="access-reason" data-testid="access-reason">
        {reasons[problem]}
      </p>
      <p>
        In the terminal where you started Loupe (<code>loupe web</code>, <code>npm run web</code> or{' '}
        <code>npm start</code>), find the line
      </p>
      <pre className="access-line" aria-label="The line to look for">
        Loupe is at {origin}/?token=…
      </pre>
      <p>
        and open that address, token included. Loupe moves the token into this tab only (never a cookie) and
        takes it out of the address bar.
      </p>
    </main>
  );
}

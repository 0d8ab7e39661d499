/**
 * The app view before any frame runs: a resource that cannot be shown names why; requested permissions are
 * put to the user first (none ticked by default); without a sandbox origin (the desktop window) it says so.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppResource } from '../../shared/apps';
import { LoupeError } from '../../shared/errors';
import { setApi } from '../bridge';
import { fakeBackend } from '../testing/fakeBackend';
import { AppView } from './AppView';

const uri = 'ui://example/app.html';

function resource(patch: Partial<AppResource> = {}): AppResource {
  return {
    uri,
    html: '<p>app</p>',
    mimeType: 'text/html;profile=mcp-app',
    csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    refused: [],
    permissions: [],
    ...patch,
  };
}

afterEach(() => cleanup());

describe('AppView', () => {
  it('names why a resource cannot be shown', async () => {
    const backend = fakeBackend({
      openApp: () =>
        Promise.reject(
          new LoupeError({ kind: 'app-invalid', message: `${uri}: the content's MIME type is "text/html"` }),
        ),
    });
    setApi(backend.api);
    render(<AppView uri={uri} />);
    expect(await screen.findByText(/the content's MIME type is "text\/html"/)).toBeTruthy();
    expect(screen.queryByTitle(`MCP App ${uri}`)).toBeNull();
  });

  it('shows the policy the frame will get before the app runs: origins, what was left out and why, the header', async () => {
    const policy =
      "default-src 'none'; connect-src https://api.example.com; frame-src https://player.example";
    const backend = fakeBackend({
      openApp: () =>
        Promise.resolve(
          resource({
            csp: {
              connectDomains: ['https://api.example.com'],
              resourceDomains: [],
              frameDomains: ['https://player.example'],
              baseUriDomains: [],
            },
            refused: [
              {
                entry: 'https://*.co.uk',
                list: 'resourceDomains',
                reason:
                  'a wildcard directly under the public suffix "co.uk" allows every site registered there',
              },
            ],
            policy,
          }),
        ),
    });
    setApi(backend.api);
    render(<AppView uri={uri} />);
    const shown = await screen.findByRole('region', { name: 'The app’s policy' });
    const terms = [...shown.querySelectorAll('dt')].map((term) => term.textContent);
    const values = [...shown.querySelectorAll('dd')].map((value) => value.textContent);
    expect(terms).toEqual([
      'Connects to',
      'Loads scripts, styles, images, fonts from',
      'Frames',
      'Base URI',
      'WebRTC',
    ]);
    expect(values.slice(0, 4)).toEqual([
      'https://api.example.com',
      'its own page only (inline code, data: images)',
      'https://player.example',
      'none',
    ]);
    expect(values[4]).toMatch(/^blocked: RTCPeerConnection/);
    expect(shown.textContent).toContain(
      'https://*.co.uk (resourceDomains): a wildcard directly under the public suffix "co.uk"',
    );
    // A frame of another origin is a channel Loupe cannot close: it says so.
    expect(shown.textContent).toContain('Cannot be closed: pages the app frames from https://player.example');
    expect(shown.querySelector('pre')?.textContent).toBe(
      "default-src 'none';\nconnect-src https://api.example.com;\nframe-src https://player.example",
    );
  });

  it('asks for the permissions first, shows refused CSP entries, and without a sandbox origin says where apps render', async () => {
    const backend = fakeBackend({
      openApp: () =>
        Promise.resolve(
          resource({
            permissions: ['camera', 'clipboardWrite'],
            refused: [{ entry: '*', list: 'connectDomains', reason: 'not a plain origin' }],
          }),
        ),
    });
    setApi(backend.api);
    render(<AppView uri={uri} />);
    const prompt = await screen.findByRole('group', { name: 'Permissions the app asks for' });
    const boxes = prompt.querySelectorAll('input[type="checkbox"]');
    expect([...boxes].map((box) => (box as HTMLInputElement).checked)).toEqual([false, false]);
    expect(prompt.textContent).toContain('Camera');
    expect(prompt.textContent).toContain('Write to the clipboard');
    const left = screen.getByRole('note', { name: 'Left out of the app’s policy' });
    expect(left.textContent).toBe('Left out of the app’s policy:* (connectDomains): not a plain origin');
    fireEvent.click(screen.getByRole('button', { name: 'Start app' }));
    expect(await screen.findByText(/No sandbox origin runs for MCP Apps in this window/)).toBeTruthy();
    expect(screen.queryByTitle(`MCP App ${uri}`)).toBeNull();
    expect(backend.calls.filter((name) => name === 'openApp')).toHaveLength(1);
  });
});

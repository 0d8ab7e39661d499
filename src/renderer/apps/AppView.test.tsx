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
    refusedDomains: [],
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

  it('asks for the permissions first, shows refused CSP entries, and without a sandbox origin says where apps render', async () => {
    const backend = fakeBackend({
      openApp: () =>
        Promise.resolve(resource({ permissions: ['camera', 'clipboardWrite'], refusedDomains: ['*'] })),
    });
    setApi(backend.api);
    render(<AppView uri={uri} />);
    const prompt = await screen.findByRole('group', { name: 'Permissions the app asks for' });
    const boxes = prompt.querySelectorAll('input[type="checkbox"]');
    expect([...boxes].map((box) => (box as HTMLInputElement).checked)).toEqual([false, false]);
    expect(prompt.textContent).toContain('Camera');
    expect(prompt.textContent).toContain('Write to the clipboard');
    expect(screen.getByText('Left out of the app’s policy (not plain origins): *')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start app' }));
    expect(await screen.findByText(/No sandbox origin runs for MCP Apps in this window/)).toBeTruthy();
    expect(screen.queryByTitle(`MCP App ${uri}`)).toBeNull();
    expect(backend.calls.filter((name) => name === 'openApp')).toHaveLength(1);
  });
});

/**
 * A URL that serves a web page instead of MCP (test/servers/webPage.mjs): a 200 text/html page and a 501 HTML
 * error page. The doctor says "this is a web page, not an MCP endpoint" and quotes the page's title, entities
 * decoded and cut short; the error's message names the title, never the markup.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { pageTitle } from '../../../src/core/doctor/webPage.js';
import { connect } from '../../../src/core/session/connect.js';
import { LoupeError, type LoupeErrorData } from '../../../src/shared/errors.js';
import { startPrintingUrl, type RunningHttpServer } from '../../helpers/servers.js';

const webPage = fileURLToPath(new URL('../../servers/webPage.mjs', import.meta.url));

const running: RunningHttpServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

async function failure(...flags: string[]): Promise<{ url: string; error: LoupeErrorData }> {
  const server = await startPrintingUrl([webPage, ...flags], 'http', 'web page');
  running.push(server);
  try {
    const session = await connect({ transport: 'auto', url: server.url }, { timeoutMs: 5_000 });
    await session.close();
  } catch (error) {
    expect(error).toBeInstanceOf(LoupeError);
    return { url: server.url, error: (error as LoupeError).detail };
  }
  throw new Error('the connection succeeded');
}

const title = 'Acme Dashboard & \u001b[31mSign in';

describe('the doctor on a URL that serves a web page', () => {
  it('200 text/html: a web page, not an MCP endpoint, named by its title', async () => {
    const { url, error } = await failure();
    expect(error.kind).toBe('transport-error');
    expect(error.doctor?.likelyCause).toBe(
      `This is a web page, not an MCP endpoint: POST ${url} was answered with HTTP 200 text/html, titled “${title}”. An MCP server answers a POST with JSON or an event stream.`,
    );
    expect(error.doctor?.nextStep).toMatch(
      /^Use the server’s MCP endpoint rather than its website or dashboard/,
    );
    expect(error.doctor?.evidence[0]).toBe(`web page: text/html; charset=utf-8, title “${title}”`);
    expect(JSON.stringify(error)).not.toContain('Welcome back');
  });

  it('501 HTML error page: the message names the title, not the HTML', async () => {
    const { url, error } = await failure('--status', '501');
    expect(error.kind).toBe('http-error');
    expect(error.code).toBe(501);
    expect(error.message).toBe(`HTTP 501 Not Implemented from POST ${url}: a web page titled “${title}”`);
    expect(error.doctor?.likelyCause).toContain('This is a web page, not an MCP endpoint');
    expect(error.doctor?.likelyCause).toContain(`HTTP 501 text/html, titled “${title}”`);
  });

  it('a page without a title says so', async () => {
    const { error } = await failure('--status', '501', '--no-title');
    expect(error.message).toMatch(/: a web page$/);
    expect(error.doctor?.likelyCause).toContain('HTTP 501 text/html (it has no title).');
  });

  it('pageTitle decodes entities, folds whitespace and stops at 100 characters', () => {
    expect(pageTitle('<html><head><TITLE lang="en">\n  Caf&eacute; &#8211; &#x41;&lt;b&gt;  </TITLE>')).toBe(
      'Caf&eacute; – A<b>',
    );
    expect(pageTitle('<title>   </title>')).toBeUndefined();
    expect(pageTitle('<p>no title</p>')).toBeUndefined();
    const long = pageTitle(`<title>${'x'.repeat(5000)}</title>`);
    expect(long).toHaveLength(100);
    expect(long?.endsWith('…')).toBe(true);
  });
});

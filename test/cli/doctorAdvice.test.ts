/**
 * The doctor's advice under `loupe`'s error line for a URL that serves a web page (its title quoted, inert and
 * bounded, never the HTML; --debug adds evidence, not a stack trace) and for -32021 MissingRequiredClientCapability
 * (which --input answers it).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCommand, startPrintingUrl, type RunningHttpServer } from '../helpers/servers.js';
import { requireBuild, runLoupe } from './loupe.js';

const webPage = fileURLToPath(new URL('../servers/webPage.mjs', import.meta.url));
let site: RunningHttpServer;
let errorPage: RunningHttpServer;

beforeAll(async () => {
  requireBuild();
  site = await startPrintingUrl([webPage], 'http', 'web page 200');
  errorPage = await startPrintingUrl([webPage, '--status', '501'], 'http', 'web page 501');
});
afterAll(async () => {
  await Promise.all([site?.stop(), errorPage?.stop()]);
});

/** The page's title as the CLI prints it: the entity decoded, the ESC escaped. */
const title = 'Acme Dashboard & \\u001b[31mSign in';
const nextStep =
  '  next step: Use the server’s MCP endpoint rather than its website or dashboard (Streamable HTTP servers usually serve /mcp, legacy HTTP+SSE servers /sse); a proxy, gateway or sign-in portal in front of the server can also answer with a page: check what it expects.';

describe('loupe names a URL that serves a web page', { timeout: 60_000 }, () => {
  it('200 text/html: "this is a web page, not an MCP endpoint", its title quoted inert, no HTML', async () => {
    const run = await runLoupe(['list', '--url', site.url]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'loupe: transport-error: Streamable HTTP error: Unexpected content type: text/html; charset=utf-8',
      `  likely cause: This is a web page, not an MCP endpoint: POST ${site.url} was answered with HTTP 200 text/html, titled “${title}”. An MCP server answers a POST with JSON or an event stream.`,
      nextStep,
    ]);
  });

  it('501 HTML error page: the error line names the title; --debug shows evidence lines and no stack', async () => {
    const run = await runLoupe(['list', '--debug', '--url', errorPage.url]);
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(
      `loupe: http-error: HTTP 501 Not Implemented from POST ${errorPage.url}: a web page titled “${title}”`,
    );
    expect(lines[1]).toContain(`was answered with HTTP 501 text/html, titled “${title}”`);
    expect(lines[2]).toBe(nextStep);
    expect(lines[3]).toBe(`  evidence: web page: text/html; charset=utf-8, title “${title}”`);
    const answers = lines.slice(4);
    expect(answers.length).toBeGreaterThan(0);
    for (const line of answers)
      expect(line).toMatch(/^ {2}evidence: POST http:\/\/127\.0\.0\.1:\d+\/mcp → HTTP 501$/);
    expect(run.stderr).not.toContain('<');
    expect(run.stderr).not.toContain('    at ');
    // eslint-disable-next-line no-control-regex
    expect(run.stderr).not.toMatch(/\u001b/);
  });

  it('--json: the error with the doctor, on stdout', async () => {
    const run = await runLoupe(['list', '--json', '--url', errorPage.url]);
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as {
      error: { kind: string; code: number; doctor: { likelyCause: string } };
    };
    expect(document.error.kind).toBe('http-error');
    expect(document.error.code).toBe(501);
    expect(document.error.doctor.likelyCause).toContain('This is a web page, not an MCP endpoint');
  });
});

describe('loupe on -32021 MissingRequiredClientCapability', { timeout: 60_000 }, () => {
  it('names the capability and the --input that declares and answers it', async () => {
    const v2 = [
      '--protocol',
      'modern',
      '--',
      ...serverCommand('v2', ['--transport', 'stdio', '--legacy', 'reject']),
    ];
    const run = await runLoupe(['call', 'confirm_action', ...v2]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      "loupe: missing-client-capability: tools/call failed: Cannot request input 'input' (elicitation/create): the request's client capabilities do not declare the required capability (-32021 MissingRequiredClientCapability)",
      '  likely cause: The server needs a client capability that was not declared: elicitation (-32021 MissingRequiredClientCapability). Without --input the CLI declares no sampling, elicitation or roots: it only inspects.',
      '  next step: In the CLI, declare and answer it: elicitation: --input defaults (accept with the schema’s defaults), --input decline or --input cancel, or an answers file with an "elicitation" reply (--input answers.json). The app declares sampling, elicitation and roots and asks you each request.',
    ]);
    // Doing what it says works.
    const answered = await runLoupe(['call', 'confirm_action', '--input', 'defaults', ...v2]);
    expect(answered.code, answered.stderr).toBe(0);
    expect(JSON.parse(answered.stdout)).toMatchObject({ input: { kind: 'elicit', action: 'accept' } });
  });
});

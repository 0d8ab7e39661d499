/**
 * The one rule for opening a config's server (shared/configOpening.ts): which environment variables an entry
 * reads (names and places, never values; a `${NAME:-default}` that fell back reads none), what the question says
 * for a stdio and an HTTP server, and the target as shown (header and env values from the environment redacted,
 * the command and URL kept: they say what runs and where things go).
 */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/core/config/readConfig.js';
import { configOpening, opensWithoutAsking } from '../../../src/shared/configOpening.js';
import type { ConfigServer } from '../../../src/shared/config.js';

const environment = { GITHUB_TOKEN: 'ghp_value', HOST: 'mcp.example.com', PLAIN: 'plain' };

async function servers(path: string, document: unknown): Promise<ConfigServer[]> {
  const file = await readConfig({ path, text: JSON.stringify(document) }, { environment, home: '/home/ada' });
  return file.servers;
}

describe('the variables an entry reads', () => {
  it('Claude Code: ${NAME} read, ${NAME:-default} with no such variable not', async () => {
    const [remote, local] = await servers('/p/.mcp.json', {
      mcpServers: {
        remote: {
          url: 'https://${HOST}/mcp',
          headers: { Authorization: 'Bearer ${GITHUB_TOKEN}', 'X-Region': '${REGION:-eu}' },
        },
        local: { command: 'node', args: ['server.js'], env: { TOKEN: '${GITHUB_TOKEN}', MODE: 'quiet' } },
      },
    });
    expect(remote?.variables).toEqual([
      { name: 'HOST', places: ['url'] },
      { name: 'GITHUB_TOKEN', places: ['headers.Authorization'] },
    ]);
    expect(local?.variables).toEqual([{ name: 'GITHUB_TOKEN', places: ['env.TOKEN'] }]);
    if (!remote?.target || !local?.target) throw new Error('both entries are usable');

    const http = configOpening(remote.target, remote.variables);
    expect(http.verb).toBe('connect');
    expect(http.clause).toBe(
      'connect to https://mcp.example.com/mcp, sending it the values of HOST (in url) and GITHUB_TOKEN (in headers.Authorization)',
    );
    expect(http.shown).toEqual({
      transport: 'auto',
      url: 'https://mcp.example.com/mcp',
      headers: [
        { name: 'Authorization', value: '[redacted]' },
        { name: 'X-Region', value: 'eu' },
      ],
    });

    const stdio = configOpening(local.target, local.variables);
    expect(stdio.clause).toBe('start node server.js, handing it the value of GITHUB_TOKEN (in env.TOKEN)');
    expect(stdio.shown).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['server.js'],
      env: { TOKEN: '[redacted]', MODE: 'quiet' },
    });
  });

  it('VS Code: ${env:NAME} read; an entry that reads none has no variables and a plain clause', async () => {
    const [plain, none] = await servers('/p/.vscode/mcp.json', {
      servers: {
        plain: { type: 'http', url: 'http://127.0.0.1:1/mcp', headers: { 'X-Client': '${env:PLAIN}' } },
        none: { type: 'http', url: 'http://127.0.0.1:1/mcp' },
      },
    });
    expect(plain?.variables).toEqual([{ name: 'PLAIN', places: ['headers.X-Client'] }]);
    expect(none?.variables).toBeUndefined();
    if (!none?.target) throw new Error('usable');
    expect(configOpening(none.target).clause).toBe('connect to http://127.0.0.1:1/mcp (http)');
  });
});

describe('who may open without asking', () => {
  it('a named server, or every server after --yes; a gathered one never on its own', () => {
    expect(opensWithoutAsking('named', false)).toBe(true);
    expect(opensWithoutAsking('gathered', true)).toBe(true);
    expect(opensWithoutAsking('gathered', false)).toBe(false);
  });
});

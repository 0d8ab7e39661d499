/**
 * A direct connection to a server with the official SDK 1.x Client, the way a host connects: what the tests compare
 * `loupe mcp`'s answers with. Every tools/list page is read from the raw messages (the SDK's parsed copy may drop a
 * field it does not know), and every page is walked.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface Direct {
  client: Client;
  /** Every tool exactly as sent, over every page. */
  tools(): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export async function direct(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Direct> {
  const transport = new StdioClientTransport({
    command,
    args,
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'ignore',
  });
  const raw = new Map<string | number, Record<string, unknown>>();
  const client = new Client({ name: 'direct-host', version: '1.0.0' });
  await client.connect(transport);
  // The SDK set its own onmessage at connect: keep a copy of each result before it parses it.
  const parse = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    if ('id' in message && 'result' in message) raw.set(message.id, message.result);
    parse?.(message);
  };
  return {
    client,
    async tools() {
      const tools: Record<string, unknown>[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const before = new Set(raw.keys());
        const page = await client.listTools(cursor === undefined ? {} : { cursor });
        const id = [...raw.keys()].find((key) => !before.has(key));
        const sent = id === undefined ? undefined : raw.get(id);
        if (!sent) throw new Error('the raw tools/list page was not seen');
        tools.push(...(sent.tools as Record<string, unknown>[]));
        cursor = page.nextCursor;
        pages += 1;
        if (pages > 10_000) throw new Error('endless listing');
      } while (cursor !== undefined);
      return tools;
    },
    close: () => client.close(),
  };
}

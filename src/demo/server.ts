/** Entry point: `node out/node/demo/server.js` serves the demo over stdio until stdin closes. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createDemoServer } from './createDemoServer.js';

const server = createDemoServer();
const transport = new StdioServerTransport();
transport.onclose = () => process.exit(0);
process.stdin.on('end', () => process.exit(0));
await server.connect(transport);
process.stderr.write('loupe demo server ready on stdio\n');

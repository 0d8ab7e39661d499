// The browser host of the uiScale section in a process of its own, as `loupe web` runs: the section drives Chromium
// through Playwright, which takes a copy of every WebSocket frame into its own process (75 MB at 50,000 tools), so a
// host in that process would be slowed by the bench's instrumentation and hold up its answers.
// Argument: the startHost options as JSON. Prints {"url"} on a line when listening; closes the host when stdin ends.
import { loadStartHost } from '../lib/engine.mjs';

const options = JSON.parse(process.argv[2]);
const startHost = await loadStartHost();
const host = await startHost(options);
process.stdout.write(`${JSON.stringify({ url: host.url })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void host.close().finally(() => process.exit(0));
});

// The UI marks without Playwright: Chromium driven over a bare CDP socket with only Page and Runtime enabled, so no
// DevTools agent copies every WebSocket frame to a client (Playwright enables Network and takes each frame's payload,
// which costs the page and the bench's process in proportion to what crosses the socket). Prints the marks as the
// page saw them.   node bench/investigations/uiRawCdp.mjs [tools] [runs]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { findChromium } from '../../scripts/chromiumPath.mjs';
import { benchServer, loadStartHost, root } from '../lib/engine.mjs';

const [toolsArg = '10000', runsArg = '1'] = process.argv.slice(2);
const tools = Number(toolsArg);
const rendererDir = join(root, 'bench', 'tmp', 'uiRawCdp');
rmSync(rendererDir, { recursive: true, force: true });
cpSync(join(root, 'out', 'renderer'), rendererDir, { recursive: true });
const startHost = await loadStartHost();

function marksScript(expected) {
  return `(() => {
  window.__marks = {};
  const whole = '[aria-label="Tool list"] .list-count:not([data-testid="streamed-count"]) strong';
  const check = () => {
    const now = Math.round(performance.now());
    if (!window.__marks.shell && document.querySelector('[role="tab"]')) window.__marks.shell = now;
    const first = document.querySelector('[role="listbox"][aria-label="Tools"] [role="option"] .item-name');
    if (!window.__marks.firstRow && first) window.__marks.firstRow = now;
    const text = document.querySelector(whole)?.textContent ?? '';
    if (!window.__marks.whole && Number(text.replace(/\\D/g, '')) >= ${expected}) window.__marks.whole = now;
    if (!window.__marks.whole) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;
}

async function browserSocket() {
  const profile = mkdtempSync(join(tmpdir(), 'loupe-cdp-'));
  const child = spawn(
    findChromium().path,
    [
      '--headless=new',
      '--no-sandbox',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--window-size=1400,900',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const url = await new Promise((resolve, reject) => {
    let text = '';
    child.stderr.on('data', (chunk) => {
      text += chunk;
      const match = /DevTools listening on (ws:\S+)/.exec(text);
      if (match) resolve(match[1]);
    });
    child.on('exit', () => reject(new Error(`chromium exited: ${text}`)));
  });
  const socket = new WebSocket(url, { maxPayload: 1024 ** 3 });
  await new Promise((resolve) => socket.once('open', resolve));
  let id = 0;
  const waiting = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.id && waiting.has(message.id)) {
      waiting.get(message.id)(message);
      waiting.delete(message.id);
    }
  });
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve) => {
      id += 1;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  return {
    send,
    close: async () => {
      socket.close();
      child.kill();
      await new Promise((resolve) => child.once('exit', resolve));
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        // Chromium's helpers may still be writing there; it is a temporary folder.
      }
    },
  };
}

const cdp = await browserSocket();
for (let run = 0; run < Number(runsArg); run += 1) {
  const host = await startHost({
    target: benchServer(['--tools', tools, '--page-size', 200]).target,
    port: 0,
    rendererDir,
    settingsPath: null,
    sessionDefaults: { pageLimit: Math.ceil(tools / 200) + 10 },
  });
  const { result: target } = await cdp.send('Target.createTarget', { url: 'about:blank' });
  const { result: attached } = await cdp.send('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: true,
  });
  const session = attached.sessionId;
  await cdp.send('Page.enable', {}, session);
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: marksScript(tools) }, session);
  await cdp.send('Page.navigate', { url: host.url }, session);
  const started = Date.now();
  let marks = {};
  while (!marks.whole && Date.now() - started < 240_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const answer = await cdp.send(
      'Runtime.evaluate',
      { expression: 'JSON.stringify(window.__marks ?? {})', returnByValue: true },
      session,
    );
    marks = JSON.parse(answer.result?.result?.value ?? '{}');
  }
  const heap = await cdp.send(
    'Runtime.evaluate',
    { expression: 'performance.memory.usedJSHeapSize', returnByValue: true },
    session,
  );
  console.log(
    JSON.stringify({
      tools,
      run: run + 1,
      ...marks,
      heapMiB: Math.round(heap.result.result.value / 1048576),
    }),
  );
  await cdp.send('Target.closeTarget', { targetId: target.targetId });
  await host.close();
}
await cdp.close();

// Chromium driven over a bare DevTools socket, with no DevTools domain enabled but Page and Runtime: what a person's
// browser (or Electron's renderer) does with the page, without the copy of every WebSocket frame that Playwright's
// Network domain makes (75 MB at 50,000 tools, on the same two cores). Used by sections/uiScale.mjs for the figures
// the UI goals are judged on, and by investigations/uiListTimeline.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { findChromium } from '../../scripts/chromiumPath.mjs';

/** A headless Chromium and its browser-level DevTools socket: `send(method, params, sessionId)`, `close()`. */
export async function browserSocket() {
  const profile = mkdtempSync(join(tmpdir(), 'loupe-cdp-'));
  const child = spawn(
    findChromium().path,
    [
      '--headless=new',
      '--no-sandbox',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--enable-precise-memory-info',
      '--window-size=1400,900',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const url = await new Promise((resolveUrl, reject) => {
    let text = '';
    child.stderr.on('data', (chunk) => {
      text += chunk;
      const match = /DevTools listening on (ws:\S+)/.exec(text);
      if (match) resolveUrl(match[1]);
    });
    child.on('exit', () => reject(new Error(`chromium exited: ${text}`)));
  });
  const socket = new WebSocket(url, { maxPayload: 1024 ** 3 });
  await new Promise((resolveOpen) => socket.once('open', resolveOpen));
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
    new Promise((resolveSend) => {
      id += 1;
      waiting.set(id, resolveSend);
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  return {
    send,
    close: async () => {
      socket.close();
      child.kill();
      await new Promise((resolveExit) => child.once('exit', resolveExit));
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        // Chromium's helpers may still be writing there; it is a temporary folder.
      }
    },
  };
}

/** Stamps, each animation frame, the shell (Tools tab), the first tool's row and the whole count (page clock, ms). */
function marksScript(expected, firstName) {
  return `(() => {
  const marks = (window.__marks = {});
  const whole = '[aria-label="Tool list"] .list-count:not([data-testid="streamed-count"]) strong';
  const check = () => {
    const now = performance.now();
    if (marks.shell === undefined && document.querySelector('[role="tab"][id="tab-Tools"]')) marks.shell = now;
    const first = document.querySelector('[role="listbox"][aria-label="Tools"] [role="option"] .item-name');
    if (marks.firstRow === undefined && first && first.textContent.trim() === ${JSON.stringify(firstName)}) marks.firstRow = now;
    const text = document.querySelector(whole)?.textContent ?? '';
    const count = /[\\d,.\\u00a0\\u202f ]*\\d/.exec(text);
    if (marks.whole === undefined && count && Number(count[0].replace(/\\D/g, '')) >= ${expected}) marks.whole = now;
    if (marks.whole === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;
}

/**
 * Opens `url` in a fresh tab and waits (polling every 100 ms, up to `limitMs`) for the whole list of `tools`;
 * resolves with the page's marks { shellMs, firstRowMs, toolsShownMs } and closes the tab.
 */
export async function bareMarks(cdp, url, tools, firstName, limitMs = 240_000) {
  const { result: target } = await cdp.send('Target.createTarget', { url: 'about:blank' });
  const { result: attached } = await cdp.send('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: true,
  });
  const session = attached.sessionId;
  try {
    await cdp.send('Page.enable', {}, session);
    await cdp.send(
      'Page.addScriptToEvaluateOnNewDocument',
      { source: marksScript(tools, firstName) },
      session,
    );
    await cdp.send('Page.navigate', { url }, session);
    const started = Date.now();
    let marks = {};
    while (marks.whole === undefined) {
      if (Date.now() - started > limitMs)
        throw new Error(`the page never showed ${tools} tools (marks ${JSON.stringify(marks)})`);
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
      const answer = await cdp.send(
        'Runtime.evaluate',
        { expression: 'JSON.stringify(window.__marks ?? {})', returnByValue: true },
        session,
      );
      marks = JSON.parse(answer.result?.result?.value ?? '{}');
    }
    return { shellMs: marks.shell, firstRowMs: marks.firstRow, toolsShownMs: marks.whole };
  } finally {
    await cdp.send('Target.closeTarget', { targetId: target.targetId });
  }
}

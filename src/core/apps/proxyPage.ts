/**
 * The sandbox proxy page, served by the sandbox origin (sandboxServer.ts) only. It sits between Loupe and the
 * app: it tells Loupe it is ready, receives the app's HTML in `ui/notifications/sandbox-resource-ready`,
 * puts it into an inner frame (sandboxed to scripts and forms: an opaque origin with no storage, cookies,
 * popups or top navigation) and relays every other message both ways, accepting from Loupe only the
 * parent frame at Loupe's origin and from the app only the inner frame. The inner frame inherits this
 * page's policy (the app's own CSP, sent as an HTTP header). The app's HTML gets the frame guard
 * (frameGuard.ts) as its first script, which takes WebRTC out of its page before any of its code runs.
 */
import { frameGuardSource } from './frameGuard.js';

/** The page's text; `hostOrigin` is where it sends messages ('*' when Loupe's origin is not a web origin). */
export function proxyPageHtml(hostOrigin: string): string {
  const script = `(() => {
  const loupeFrameGuard = ${frameGuardSource};
  const hostOrigin = ${JSON.stringify(hostOrigin)};
  const sandboxPrefix = 'ui/notifications/sandbox-';
  const permissionNames = { camera: 'camera', microphone: 'microphone', geolocation: 'geolocation', clipboardWrite: 'clipboard-write' };
  let inner = null;
  const toHost = (data) => window.parent.postMessage(data, hostOrigin);
  const isSandboxMessage = (data) => data !== null && typeof data === 'object' && typeof data.method === 'string' && data.method.startsWith(sandboxPrefix);
  const start = (params) => {
    if (inner || params === null || typeof params !== 'object' || typeof params.html !== 'string') return;
    inner = document.createElement('iframe');
    inner.setAttribute('sandbox', 'allow-scripts allow-forms');
    const granted = params.permissions !== null && typeof params.permissions === 'object' ? Object.keys(params.permissions) : [];
    const allow = granted.filter((name) => Object.prototype.hasOwnProperty.call(permissionNames, name)).map((name) => permissionNames[name]);
    if (allow.length > 0) inner.setAttribute('allow', allow.join('; '));
    inner.setAttribute('title', 'MCP App');
    inner.srcdoc = loupeFrameGuard(params.html);
    document.body.appendChild(inner);
  };
  window.addEventListener('message', (event) => {
    if (event.source === window.parent) {
      if (hostOrigin !== '*' && event.origin !== hostOrigin) return;
      if (isSandboxMessage(event.data)) {
        if (event.data.method === sandboxPrefix + 'resource-ready') start(event.data.params);
        return;
      }
      if (inner && inner.contentWindow) inner.contentWindow.postMessage(event.data, '*');
      return;
    }
    if (inner && event.source === inner.contentWindow && !isSandboxMessage(event.data)) toHost(event.data);
  });
  toHost({ jsonrpc: '2.0', method: sandboxPrefix + 'proxy-ready', params: {} });
})();`;
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>MCP App sandbox</title>
<style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
</head><body><script>${script}</script></body></html>
`;
}

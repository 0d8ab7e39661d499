/**
 * The renderer's Content-Security-Policy, one definition for both shells (Electron and the browser host).
 * Scripts only from our own files; no eval, no inline script, no plugins, no frames but the MCP App sandbox origin's, no form posts; images
 * from our files and data: URLs (tool results) only; audio and video from data: URLs (tool results) only; network only back to our own origin.
 * Inline *styles* are allowed: React and the virtualiser position rows with style attributes, and a
 * server's text never becomes markup, so there is no path for a server to inject a style.
 */
export function contentSecurityPolicy(options: { connectSources?: string[]; frameSources?: string[] } = {}): string {
  const connect = ["'self'", ...(options.connectSources ?? [])].join(' ');
  const frames = options.frameSources ?? [];
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src data:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "worker-src 'self' blob:",
    // MCP Apps: only the sandbox origin's proxy page (another loopback port), when one runs.
    ...(frames.length > 0 ? [`frame-src ${frames.join(' ')}`] : []),
  ].join('; ');
}

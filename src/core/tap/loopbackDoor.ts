/**
 * Who may use a loopback listener that stands for a server (the HTTP tap, `loupe replay --http`): a request whose
 * Host names the listener itself (127.0.0.1, localhost or [::1] with its port), with no Origin or an Origin of those
 * same names. Anything else is answered 403 by the listener and goes no further, as the browser host does
 * (src/host/requestGuard.ts).
 *
 * Why: a page on any web site can reach 127.0.0.1 from the user's browser. Under a name of its own that resolves to
 * 127.0.0.1 (DNS rebinding) its requests carry that name as Host; by a plain cross-site request they carry the
 * site's Origin. A server built with DNS-rebinding protection refuses both; a tap that rewrote Host to the server's
 * own name would hand them through, with the server's answers. A host that sends no Origin (every stdio-era client,
 * the SDKs' Node transports) still works.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type DoorVerdict = { allowed: true } | { allowed: false; reason: string };

/** The Host values that name a loopback listener on `port`. */
export function ownHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

/**
 * Whether a request may pass. `hosts` and `origins` are every value the request carries for each header (a request
 * with two Host lines could be read one way here and the other way upstream: refused).
 */
export function checkDoor(
  hosts: readonly string[],
  origins: readonly string[],
  port: number,
  listener: string,
): DoorVerdict {
  const own = ownHosts(port);
  if (hosts.length !== 1)
    return {
      allowed: false,
      reason: `${listener} refuses a request with ${hosts.length === 0 ? 'no' : 'more than one'} Host header.`,
    };
  const host = (hosts[0] ?? '').trim().toLowerCase();
  if (!own.includes(host))
    return {
      allowed: false,
      reason: `${listener} answers only to its own address (${own[0]} or ${own[1]}), not to Host "${printable(host)}".`,
    };
  if (origins.length > 1)
    return { allowed: false, reason: `${listener} refuses a request with more than one Origin header.` };
  const origin = origins[0]?.trim().toLowerCase();
  if (origin !== undefined && !own.some((name) => origin === `http://${name}`))
    return {
      allowed: false,
      reason: `${listener} accepts requests from its own origin (http://${own[0]}) or with no Origin, not from "${printable(origin)}".`,
    };
  return { allowed: true };
}

/** Every value of a header in a Node request's raw header list (names compared without case). */
export function headerValues(rawHeaders: readonly string[], name: string): string[] {
  const values: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2)
    if ((rawHeaders[index] ?? '').toLowerCase() === name) values.push(rawHeaders[index + 1] ?? '');
  return values;
}

/** The door of a node:http listener on `port`: checkDoor over every Host and Origin the request carries. */
export function requestDoor(request: IncomingMessage, port: number, listener: string): DoorVerdict {
  return checkDoor(
    headerValues(request.rawHeaders, 'host'),
    headerValues(request.rawHeaders, 'origin'),
    port,
    listener,
  );
}

/** Answers a refused request of a node:http listener: 403 with the reason, the body drained, the connection closed. */
export function answerRefusal(request: IncomingMessage, response: ServerResponse, reason: string): void {
  response
    .writeHead(403, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' })
    .end(`${reason}\n`);
  request.resume();
}

/** A refused request's answer, as bytes on the wire (the connection closes after it). */
export function refusalBytes(reason: string): Buffer {
  const body = Buffer.from(`${reason}\n`, 'utf8');
  return Buffer.concat([
    Buffer.from(
      `HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n`,
      'latin1',
    ),
    body,
  ]);
}

/** A header value as it may be shown: printable ASCII, at most 100 characters. */
function printable(text: string): string {
  const shown = text.replace(/[^\x20-\x7e]/g, '?');
  return shown.length > 100 ? `${shown.slice(0, 100)}…` : shown;
}

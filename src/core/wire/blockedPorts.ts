/**
 * The ports the Fetch standard's "bad port" rule refuses (Node's fetch, undici, browsers): `fetch failed: bad port`.
 * MCP servers do listen there (6000 is X11's, but also a common dev port), so Loupe's HTTP wire reaches them
 * through node:http instead (nodeHttpFetch.ts).
 */
const blockedPorts = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104,
  109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515,
  526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** The port a URL dials: its explicit port, else the scheme's default. */
export function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** Whether fetch would refuse this http(s) URL for its port alone. */
export function isBlockedPort(url: string | URL): boolean {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return blockedPorts.has(portOf(parsed));
}

/** Every blocked port, ascending (tests pick a free one from it). */
export function listBlockedPorts(): number[] {
  return [...blockedPorts].sort((left, right) => left - right);
}

/**
 * Reads a Bearer challenge from WWW-Authenticate (RFC 6750 §3, RFC 9728 §5.1): scope, resource_metadata, error; a
 * DPoP challenge (RFC 9449 §7.1) the same way when the header names no Bearer scheme.
 */
export interface BearerChallenge {
  /** Which scheme the parameters came from (absent: no challenge). */
  scheme?: 'bearer' | 'dpop';
  scope?: string;
  resourceMetadata?: string;
  error?: string;
  errorDescription?: string;
}

/** The Bearer challenge's parameters; empty when the header is absent or names no Bearer scheme. */
export function parseChallenge(header: string | null): BearerChallenge {
  if (!header) return {};
  let scheme: 'bearer' | 'dpop' = 'bearer';
  let start = header.search(/(^|[\s,])bearer(\s|$)/i);
  if (start === -1) {
    scheme = 'dpop';
    start = header.search(/(^|[\s,])dpop(\s|$)/i);
  }
  if (start === -1) return {};
  const text = header.slice(start).replace(/^[\s,]*(bearer|dpop)/i, '');
  const parameters = new Map<string, string>();
  const pattern = /\s*,?\s*([A-Za-z0-9_-]+)\s*=\s*("((?:[^"\\]|\\.)*)"|[^\s,"]+)/y;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    const name = (match[1] ?? '').toLowerCase();
    // A new scheme ("DPoP realm=…") after the Bearer parameters ends them.
    const value = match[3] !== undefined ? match[3].replace(/\\(.)/g, '$1') : (match[2] ?? '');
    if (!parameters.has(name)) parameters.set(name, value);
  }
  const challenge: BearerChallenge = { scheme };
  const scope = parameters.get('scope');
  if (scope !== undefined && scope.trim() !== '') challenge.scope = scope.trim();
  const metadata = parameters.get('resource_metadata');
  if (metadata) challenge.resourceMetadata = metadata;
  const error = parameters.get('error');
  if (error) challenge.error = error;
  const description = parameters.get('error_description');
  if (description) challenge.errorDescription = description;
  return challenge;
}

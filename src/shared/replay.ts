/** Replay in the app: a recorded session (an opened snapshot) served back as an MCP server on loopback. */

export interface ReplayRequest {
  /** The snapshot's text. */
  text: string;
  /** The name it was opened as (the copy Loupe keeps for `loupe replay` is named after it). */
  fileName?: string;
  onMiss?: 'error' | 'nearest';
  pace?: 'instant' | 'recorded';
}

export interface ReplayServing {
  id: string;
  /** The endpoint to connect to: Streamable HTTP (…/mcp), or legacy SSE (…/sse) for a recording made over SSE. */
  url: string;
  transport: 'http' | 'sse';
  /** Where Loupe keeps the recording for the stdio command. */
  file: string;
  /** The stdio command a host's config can run instead: `loupe replay <file>`. */
  command: string;
  /** The recorded server's name, when it sent one. */
  serverName?: string;
  /** Calls, reads, prompts and completions the recording can answer. */
  calls: number;
  era: 'modern' | 'legacy';
}

/** One tool of the embedded demo server: its definition exactly as listed, and what a call does. */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';

export interface DemoCallContext {
  /** Present when the caller asked for progress (params._meta.progressToken). */
  progressToken?: string | number;
  signal: AbortSignal;
  sendProgress(progress: number, total?: number, message?: string): Promise<void>;
  log(level: 'debug' | 'info' | 'notice' | 'warning' | 'error', data: unknown, logger?: string): Promise<void>;
  /** Adds or removes the experimental tools and tells the client (notifications/tools/list_changed). */
  toggleExperimental(): Promise<boolean>;
}

export interface DemoTool {
  definition: Tool;
  run(args: Record<string, unknown>, context: DemoCallContext): Promise<CallToolResult> | CallToolResult;
}

/** A text result holding the arguments exactly as received, as JSON. */
export function echoResult(args: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(args) }] };
}

export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

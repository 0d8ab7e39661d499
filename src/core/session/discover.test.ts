import { describe, expect, it } from 'vitest';
import { LoupeError } from '../../shared/errors.js';
import { rpcFailure } from '../rpc/rpcFailure.js';
import { refusedForModern } from './discover.js';

/** An initialize refused over HTTP: a 400 whose body is the JSON-RPC error (as the recording fetch reports it). */
const overHttp = (rpcError: { code: number; message: string; data?: unknown }): LoupeError =>
  new LoupeError({
    kind: 'http-error',
    code: 400,
    message: `HTTP 400 Bad Request: ${JSON.stringify(rpcError)}`,
    data: { status: 400, rpcError },
  });
const overStdio = (rpcError: { code: number; message: string; data?: unknown }): LoupeError =>
  new LoupeError(rpcFailure('initialize', rpcError));

describe('refusedForModern: an initialize refused the way no 2025-era server refuses it', () => {
  it('-32022 naming 2026-07-28, -32020 and "method not found", over HTTP and stdio', () => {
    const refusals = [
      { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'] } },
      { code: -32020, message: 'Missing MCP-Protocol-Version header' },
      { code: -32601, message: 'Method not found: initialize' },
    ];
    for (const refusal of refusals) {
      expect(refusedForModern(overHttp(refusal)), String(refusal.code)).toBe(true);
      expect(refusedForModern(overStdio(refusal)), String(refusal.code)).toBe(true);
    }
  });

  it('not -32022 naming only 2025 revisions, another JSON-RPC error, a plain HTTP error or a timeout', () => {
    expect(
      refusedForModern(overHttp({ code: -32022, message: 'no', data: { supported: ['2025-06-18'] } })),
    ).toBe(false);
    expect(refusedForModern(overStdio({ code: -32603, message: 'Internal error' }))).toBe(false);
    expect(
      refusedForModern(
        new LoupeError({ kind: 'http-error', code: 500, message: 'HTTP 500', data: { status: 500 } }),
      ),
    ).toBe(false);
    expect(refusedForModern(new LoupeError({ kind: 'timeout', message: 'initialize got no answer' }))).toBe(
      false,
    );
  });
});

/**
 * The requestState of Loupe's input_required rounds (2026-07-28 MRTR). The state passes through the client, so it is
 * sealed: an HMAC with a key of this run over the method, a digest of the request's own parameters, the questions
 * asked, a nonce and an expiry. A retry whose state was changed, has expired, belongs to another request, or was
 * already used is refused (-32602): an answer the person gave for one call never opens another, and a client cannot
 * write "accepted" into a request the server did not ask about.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isJsonObject, type JsonObject } from '../../../shared/json.js';
import { canonicalJson } from '../../replay/requestKey.js';
import { RpcFailure, rpcCodes } from './rpc.js';

interface Sealed {
  m: string;
  d: string;
  /** The questions of this round. */
  k: string[];
  /** The answers of earlier rounds of the same request, carried so a later round does not ask them again. */
  a: JsonObject;
  n: string;
  e: number;
}

/** What a verified state says: this round's questions and the answers already given. */
export interface OpenedState {
  asked: string[];
  answered: JsonObject;
}

/** How long a question may wait for its answer: a person's pace, not a machine's. */
const stateLifetimeMs = 30 * 60_000;
const maxUsed = 10_000;

/** The request's own parameters: what the person was asked about (the MRTR fields and _meta left out). */
function digestOf(params: JsonObject): string {
  const { _meta: _envelope, inputResponses: _responses, requestState: _state, ...own } = params;
  return createHash('sha256').update(canonicalJson(own)).digest('base64url');
}

export class RequestStates {
  private readonly key = randomBytes(32);
  private readonly used = new Set<string>();

  constructor(private readonly now: () => number = Date.now) {}

  seal(method: string, params: JsonObject, asked: readonly string[], answered: JsonObject = {}): string {
    const payload: Sealed = {
      m: method,
      d: digestOf(params),
      k: [...asked],
      a: answered,
      n: randomBytes(12).toString('base64url'),
      e: this.now() + stateLifetimeMs,
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /**
   * What a retry's state says (the questions asked, the earlier answers), once it verified and was not used before;
   * it is used from now on. Refused with -32602 naming why.
   */
  open(method: string, params: JsonObject, state: string): OpenedState {
    const refuse = (why: string): RpcFailure =>
      new RpcFailure(
        rpcCodes.invalidParams,
        `requestState refused: ${why}. Send the request again without it.`,
      );
    const dot = state.indexOf('.');
    if (dot < 1) throw refuse('it is not a state this server issued');
    const body = state.slice(0, dot);
    const mac = Buffer.from(state.slice(dot + 1));
    const expected = Buffer.from(this.mac(body));
    if (mac.length !== expected.length || !timingSafeEqual(mac, expected))
      throw refuse('it fails verification (changed, or issued by another run of this server)');
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw refuse('it is not a state this server issued');
    }
    if (!isJsonObject(payload) || typeof payload.n !== 'string' || typeof payload.e !== 'number')
      throw refuse('it is not a state this server issued');
    if (payload.m !== method || payload.d !== digestOf(params))
      throw refuse('it belongs to another request (another method, tool or arguments)');
    if (payload.e < this.now()) throw refuse('it has expired');
    if (this.used.has(payload.n)) throw refuse('it was used already');
    this.used.add(payload.n);
    if (this.used.size > maxUsed) this.used.delete(this.used.values().next().value ?? '');
    return {
      asked: Array.isArray(payload.k)
        ? payload.k.filter((key): key is string => typeof key === 'string')
        : [],
      answered: isJsonObject(payload.a) ? payload.a : {},
    };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

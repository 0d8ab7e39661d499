import { describe, expect, it } from 'vitest';
import { canonicalJson, requestKey } from './requestKey.js';
import { missMessage, nearestRecorded } from './nearest.js';
import type { Exchange } from './recordingIndex.js';
import { findMember, spliceMember } from './spliceMember.js';

describe('spliceMember', () => {
  it('swaps the top-level id and nothing else, whatever the key order, spacing and nesting', () => {
    const raw =
      '{"result":{"id":"inner","x":[1,{"id":2}],"s":"a \\"id\\": 9"} ,  "jsonrpc":"2.0", "id" : 7 }';
    expect(spliceMember(raw, ['id'], '42')).toBe(
      '{"result":{"id":"inner","x":[1,{"id":2}],"s":"a \\"id\\": 9"} ,  "jsonrpc":"2.0", "id" : 42 }',
    );
    expect(spliceMember('{"id":"a-b","method":"m"}', ['id'], '"c"')).toBe('{"id":"c","method":"m"}');
  });

  it('finds a nested member (a progress token) and says when there is none', () => {
    const raw =
      '{"method":"notifications/progress","params":{"progress":1,"progressToken":"p1"},"jsonrpc":"2.0"}';
    expect(spliceMember(raw, ['params', 'progressToken'], '5')).toBe(
      '{"method":"notifications/progress","params":{"progress":1,"progressToken":5},"jsonrpc":"2.0"}',
    );
    expect(findMember(raw, ['id'])).toBeUndefined();
    expect(findMember('[1,2]', ['id'])).toBeUndefined();
  });
});

describe('requestKey', () => {
  it('matches arguments in any key order and leaves _meta out; lists match on the cursor alone', () => {
    expect(
      requestKey('tools/call', {
        name: 'a',
        arguments: { x: 1, y: [2, { b: 1, a: 2 }] },
        _meta: { progressToken: 1 },
      }),
    ).toBe(requestKey('tools/call', { arguments: { y: [2, { a: 2, b: 1 }], x: 1 }, name: 'a' }));
    expect(requestKey('tools/call', { name: 'a', arguments: { x: 1 } })).not.toBe(
      requestKey('tools/call', { name: 'a', arguments: { x: 2 } }),
    );
    expect(requestKey('tools/list', { cursor: 'c', _meta: {} })).toBe(
      requestKey('tools/list', { cursor: 'c' }),
    );
    expect(canonicalJson({ b: [1, 'x'], a: null })).toBe('{"a":null,"b":[1,"x"]}');
  });
});

describe('nearestRecorded', () => {
  const exchange = (params: Exchange['params']): Exchange => ({
    method: 'tools/call',
    key: requestKey('tools/call', params),
    params,
    subject: typeof params.name === 'string' ? params.name : undefined,
    t: 0,
    during: [],
    after: [],
    answer: { parts: ['', ''], raw: '', t: 0, error: false },
  });

  it('prefers the same tool, then the fewest arguments differing, and names them', () => {
    const recorded = [
      exchange({ name: 'sum', arguments: { a: 1, b: 2 } }),
      exchange({ name: 'echo', arguments: { message: 'hi' } }),
      exchange({ name: 'echo', arguments: { message: 'hi', loud: true } }),
    ];
    const nearest = nearestRecorded(recorded, { name: 'echo', arguments: { message: 'bye' } });
    expect(nearest?.exchange).toBe(recorded[1]);
    expect(nearest?.differs).toEqual(['arguments.message']);
    expect(missMessage('tools/call', { name: 'echo', arguments: { message: 'bye' } }, nearest)).toBe(
      'Loupe replay: no recorded answer for tools/call "echo" {"message":"bye"}; nearest recorded: tools/call "echo" {"message":"hi"} (differs in arguments.message).',
    );
  });
});

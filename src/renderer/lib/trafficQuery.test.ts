import { describe, expect, it } from 'vitest';
import { frame } from '../testing/fakeBackend';
import { compileFilter, matchesFrame } from './frameFilter';
import { FrameLog } from './frameLog';
import { parseTrafficQuery, termLabel } from './trafficQuery';

describe('parseTrafficQuery', () => {
  it('parses every key, comparisons and free text', () => {
    expect(parseTrafficQuery('method:tools/call dir:in kind:error rtt:>500 id:12 free text')).toEqual({
      terms: [
        { field: 'method', value: 'tools/call' },
        { field: 'dir', value: 'in' },
        { field: 'kind', value: 'error' },
        { field: 'rtt', comparison: '>', ms: 500 },
        { field: 'id', value: '12' },
        { field: 'text', value: 'free' },
        { field: 'text', value: 'text' },
      ],
      problems: [],
    });
    expect(parseTrafficQuery('rtt:<10 dir:out kind:notification rtt:>=2.5ms rtt:7').terms).toEqual([
      { field: 'rtt', comparison: '<', ms: 10 },
      { field: 'dir', value: 'out' },
      { field: 'kind', value: 'notification' },
      { field: 'rtt', comparison: '>=', ms: 2.5 },
      { field: 'rtt', comparison: '=', ms: 7 },
    ]);
    expect(parseTrafficQuery('KIND:Notify').terms).toEqual([{ field: 'kind', value: 'notification' }]);
  });

  it('keeps quoted text whole, with a key or without, and unclosed quotes to the end', () => {
    expect(parseTrafficQuery('"two words" method:"a b" "x:y" "open end').terms).toEqual([
      { field: 'text', value: 'two words' },
      { field: 'method', value: 'a b' },
      { field: 'text', value: 'x:y' },
      { field: 'text', value: 'open end' },
    ]);
    expect(parseTrafficQuery('  ').terms).toEqual([]);
  });

  it('says why each invalid token is invalid, and keeps the valid ones', () => {
    const parsed = parseTrafficQuery('dir:sideways kind:blob rtt:>fast rtt: id: colour:red ok');
    expect(parsed.terms).toEqual([{ field: 'text', value: 'ok' }]);
    expect(parsed.problems).toEqual([
      { token: 'dir:sideways', reason: 'dir: takes in or out' },
      {
        token: 'kind:blob',
        reason: 'kind: takes request, response, error, notification, invalid, stderr or http',
      },
      {
        token: 'rtt:>fast',
        reason: 'rtt: takes milliseconds with an optional comparison, e.g. rtt:>500 or rtt:<10',
      },
      { token: 'rtt:', reason: 'rtt: needs a value' },
      { token: 'id:', reason: 'id: needs a value' },
      {
        token: 'colour:red',
        reason:
          'unknown filter "colour:" (known: method, dir, kind, rtt, id); to search for the text, quote it: "colour:red"',
      },
    ]);
  });

  it('writes terms back as chip labels that parse to the same term', () => {
    const query = 'method:tools/call dir:in kind:error rtt:>500 rtt:3 id:12 "a b" method:"x y"';
    const { terms } = parseTrafficQuery(query);
    const labels = terms.map(termLabel);
    expect(labels).toEqual([
      'method:tools/call',
      'dir:in',
      'kind:error',
      'rtt:>500',
      'rtt:3',
      'id:12',
      '"a b"',
      'method:"x y"',
    ]);
    expect(parseTrafficQuery(labels.join(' ')).terms).toEqual(terms);
  });
});

describe('matching frames with terms', () => {
  const log = new FrameLog();
  log.append([
    frame(1, {
      method: 'tools/call',
      raw: '{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"slow"}}',
      id: 12,
    }),
    frame(2, {
      direction: 'in',
      kind: 'error',
      method: undefined,
      pairSeq: 1,
      rttMs: 800,
      id: 12,
      raw: '{"id":12,"error":{"code":-1}}',
    }),
    frame(3, {
      direction: 'in',
      kind: 'response',
      method: undefined,
      pairSeq: 1,
      rttMs: 4,
      id: 12,
      raw: '{"id":12,"result":{}}',
    }),
    frame(4, {
      direction: 'in',
      kind: 'notification',
      method: 'notifications/message',
      id: undefined,
      raw: '{"method":"notifications/message","params":{"data":"Two Words"}}',
    }),
  ]);
  const seqs = (query: string, terms = parseTrafficQuery('').terms) =>
    log.frames
      .filter((item) =>
        matchesFrame(item, compileFilter({ method: '', direction: 'all', text: query, terms }), log),
      )
      .map((item) => item.seq);

  it('applies each term, all of them together', () => {
    expect(seqs('method:tools/call dir:in kind:error rtt:>500 id:12')).toEqual([2]);
    expect(seqs('rtt:<10')).toEqual([3]);
    expect(seqs('dir:out')).toEqual([1]);
    expect(seqs('kind:notification')).toEqual([4]);
    expect(seqs('id:12')).toEqual([1, 2, 3]);
    expect(seqs('id:1')).toEqual([]);
    expect(seqs('"two words"')).toEqual([4]);
    expect(seqs('two slow')).toEqual([]);
    expect(seqs('')).toEqual([1, 2, 3, 4]);
  });

  it('joins committed chips with the query being typed', () => {
    expect(seqs('rtt:>500', parseTrafficQuery('method:tools/call').terms)).toEqual([2]);
    // An invalid token filters nothing (it is reported instead).
    expect(seqs('dir:sideways')).toEqual([1, 2, 3, 4]);
  });
});

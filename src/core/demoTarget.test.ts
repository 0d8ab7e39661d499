import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultDemoScript, demoTarget } from './demoTarget.js';

describe('demoTarget', () => {
  it('runs the compiled demo with this node, from source as from out/node', () => {
    const expected = fileURLToPath(new URL('../../out/node/demo/server.js', import.meta.url));
    expect(defaultDemoScript()).toBe(expected);
    expect(demoTarget()).toEqual({ transport: 'stdio', command: process.execPath, args: [expected] });
    expect(existsSync(expected), 'run npm run build:node first').toBe(true);
  });

  it('takes another script path', () => {
    expect(demoTarget('/tmp/other.js').args).toEqual(['/tmp/other.js']);
  });
});

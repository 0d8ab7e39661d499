/**
 * The frame guard's HTML side (its page side runs in Chromium: e2e/browser/apps.spec.ts, the hostile app): the
 * guard goes first into an app's document, after a doctype so the page keeps standards mode, exactly once;
 * declarative shadow roots are renamed away; the source can sit inside a script element.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { frameGuardSource } from '../../../src/core/apps/frameGuard.js';
import { proxyPageHtml } from '../../../src/core/apps/proxyPage.js';

const guardHtml = runInNewContext(`(${frameGuardSource})`) as (html: string) => string;
const marker = '<script data-loupe-frame-guard>';

describe('the frame guard', () => {
  it('puts itself first, after a doctype (and comments before it), and only once', () => {
    const plain = guardHtml('<p>hi</p>');
    expect(plain.startsWith(marker)).toBe(true);
    expect(plain.endsWith('</script><p>hi</p>')).toBe(true);
    const withDoctype = guardHtml('<!-- built --> <!DOCTYPE html><html><head><script>app()</script>');
    expect(withDoctype.startsWith(`<!-- built --> <!DOCTYPE html>${marker}`)).toBe(true);
    expect(withDoctype.indexOf(marker)).toBeLessThan(withDoctype.indexOf('app()'));
    expect(guardHtml(plain)).toBe(plain);
    expect(guardHtml(withDoctype)).toBe(withDoctype);
  });

  it('renames declarative shadow roots away (a closed one could hide a frame from it)', () => {
    const guarded = guardHtml(
      '<div><template shadowrootmode="closed"><iframe srcdoc="x"></iframe></template></div>',
    );
    expect(guarded).not.toMatch(/ shadowrootmode=/i);
    expect(guarded).toContain('data-loupe-shadowrootmode="closed"');
  });

  it('holds nothing that would end or escape the script element it sits in, and the proxy page carries it', () => {
    expect(frameGuardSource).not.toMatch(/<\/script/i);
    expect(frameGuardSource).not.toContain('<!--');
    const page = proxyPageHtml('http://127.0.0.1:5173');
    expect(page).toContain(`const loupeFrameGuard = ${frameGuardSource};`);
    expect(page).toContain('inner.srcdoc = loupeFrameGuard(params.html);');
  });
});

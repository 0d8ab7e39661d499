/**
 * An HTTP answer that is a web page, not MCP: a URL that serves a site (200 text/html), a framework's HTML error
 * page (501), a sign-in portal in front of the server. The doctor names it by its <title> — never by the HTML,
 * which can be megabytes of markup — so the advice reads "this is a web page titled “Acme Dashboard”".
 */
import type { WebPageAnswer } from '../../shared/doctor.js';
import type { Frame } from '../../shared/frames.js';

const titleLength = 100;
/** Only the head of a page is searched for its title: a page can be megabytes. */
const searchedCharacters = 64 * 1024;

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, entity: string) => {
    if (entity.startsWith('#')) {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[entity.toLowerCase()] ?? whole;
  });
}

/** The page's title, decoded, folded and cut short; undefined when there is none (or it is blank). */
export function pageTitle(html: string): string | undefined {
  const match = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html.slice(0, searchedCharacters));
  if (!match) return undefined;
  const title = decodeEntities(match[1] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (title === '') return undefined;
  return [...title].length > titleLength ? `${[...title].slice(0, titleLength - 1).join('')}…` : title;
}

/** A text/html (or XHTML) answer, or a body that opens like an HTML document whatever its type says. */
export function isHtml(contentType: string, body: string): boolean {
  const essence = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (essence === 'text/html' || essence === 'application/xhtml+xml') return true;
  return /^\s*<(?:!doctype\s+html|html[\s>])/i.test(body.slice(0, 512));
}

/** The first inbound HTTP answer that was a web page, or undefined. */
export function webPageAnswer(frames: readonly Frame[]): WebPageAnswer | undefined {
  for (const frame of frames) {
    const http = frame.http;
    // Sign-in exchanges (http.auth) fetch HTML pages on purpose; only answers to MCP requests count.
    if (frame.direction !== 'in' || http?.status === undefined || http.auth !== undefined) continue;
    const contentType = http.contentType ?? '';
    if (!isHtml(contentType, frame.raw)) continue;
    const title = pageTitle(frame.raw);
    return {
      method: http.method ?? 'POST',
      url: http.url ?? '',
      status: http.status,
      contentType: contentType || 'no Content-Type',
      ...(title !== undefined ? { title } : {}),
    };
  }
  return undefined;
}

/**
 * A board document as Markdown or as one self-contained HTML page (inline CSS, no script, a CSP that forbids any
 * fetch). Every cell may be a server's text: Markdown cells escape the characters Markdown and HTML act on, and the
 * HTML escapes &, <, >, " and '.
 */
import type { Block } from './boardDocument.js';

/** Longest cell, in characters: a server name can be a megabyte. */
const maximumCell = 300;

/** Characters a terminal or a browser obeys rather than shows (controls, bidirectional overrides): written as \uXXXX. */
const obeyed = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

function bounded(text: string): string {
  const flat = text.replace(/\s*[\r\n]+\s*/g, ' ');
  return flat.length > maximumCell ? `${flat.slice(0, maximumCell - 1)}…` : flat;
}

/** Last, so its backslashes are not escaped again: `\u001b` reads the same in Markdown source and rendered. */
function inert(text: string): string {
  return text.replace(obeyed, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function markdownText(text: string): string {
  return inert(
    bounded(text)
      // Cells never open a line, so only inline syntax needs escaping; `_` inside snake_case is not emphasis in GFM.
      .replace(/[\\`*[\]|~]/g, (character) => `\\${character}`)
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;'),
  );
}

export function renderMarkdown(blocks: readonly Block[]): string {
  const lines: string[] = [];
  for (const block of blocks) {
    if (block.type === 'heading') lines.push(`${'#'.repeat(block.level)} ${markdownText(block.text)}`);
    else if (block.type === 'paragraph') lines.push(markdownText(block.text));
    else {
      lines.push(`| ${block.columns.map(markdownText).join(' | ')} |`);
      lines.push(`|${block.columns.map(() => ' --- ').join('|')}|`);
      for (const row of block.rows) lines.push(`| ${row.map(markdownText).join(' | ')} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

export function htmlText(text: string): string {
  return inert(bounded(text).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`));
}

const style = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1b1b1f;background:#fff}
table{border-collapse:collapse;margin:.5rem 0 1rem}th,td{border:1px solid #ccd;padding:.25rem .6rem;text-align:left;vertical-align:top}
th{background:#f1f2f6}td{font-variant-numeric:tabular-nums}h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem}h3{font-size:1rem}`;

export function renderHtml(blocks: readonly Block[]): string {
  const title = blocks.find((block) => block.type === 'heading');
  const body: string[] = [];
  for (const block of blocks) {
    if (block.type === 'heading') body.push(`<h${block.level}>${htmlText(block.text)}</h${block.level}>`);
    else if (block.type === 'paragraph') body.push(`<p>${htmlText(block.text)}</p>`);
    else {
      body.push('<table>');
      body.push(`<tr>${block.columns.map((column) => `<th>${htmlText(column)}</th>`).join('')}</tr>`);
      for (const row of block.rows)
        body.push(`<tr>${row.map((cell) => `<td>${htmlText(cell)}</td>`).join('')}</tr>`);
      body.push('</table>');
    }
  }
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<title>${title?.type === 'heading' ? htmlText(title.text) : 'tools/list board'}</title>`,
    `<style>${style}</style></head><body>`,
    ...body,
    '</body></html>',
    '',
  ].join('\n');
}

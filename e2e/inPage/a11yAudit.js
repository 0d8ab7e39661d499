/* global document, window, getComputedStyle, Node, NodeFilter */
/**
 * Checks run inside the page (e2e/a11y.ts injects this file and calls loupeAudit()): the text contrast of what is
 * on screen (WCAG 1.4.3: 4.5:1, 3:1 for large text) against what is really drawn behind each text (the elements
 * under its centre, composited), and controls whose aria-label leaves out the text they show (WCAG 2.5.3).
 * Disabled controls are exempt from contrast, as WCAG says; text outside the viewport is not measured.
 */
(() => {
  const parse = (value) => {
    const rgb = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(value);
    if (rgb)
      return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
    const srgb = /color\(srgb\s+([\d.e-]+)\s+([\d.e-]+)\s+([\d.e-]+)(?:\s*\/\s*([\d.]+))?\)/.exec(value);
    if (srgb)
      return [
        Number(srgb[1]) * 255,
        Number(srgb[2]) * 255,
        Number(srgb[3]) * 255,
        srgb[4] === undefined ? 1 : Number(srgb[4]),
      ];
    return null;
  };
  /** `top` drawn over the opaque `bottom`. */
  const over = (top, bottom) => {
    const alpha = top[3];
    return [0, 1, 2].map((index) => top[index] * alpha + bottom[index] * (1 - alpha)).concat(1);
  };
  const luminance = (color) => {
    const [r, g, b] = color.slice(0, 3).map((channel) => {
      const value = channel / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  };
  const hex = (color) =>
    `#${color
      .slice(0, 3)
      .map((channel) => Math.round(channel).toString(16).padStart(2, '0'))
      .join('')}`;

  /** The page's canvas: the root's background, else the scheme's. */
  const canvas = () => {
    for (const element of [document.documentElement, document.body]) {
      const color = parse(getComputedStyle(element).backgroundColor);
      if (color && color[3] > 0) return over(color, [255, 255, 255, 1]);
    }
    return window.matchMedia('(prefers-color-scheme: dark)').matches ? [18, 18, 18, 1] : [255, 255, 255, 1];
  };

  /** What is drawn under a point, below `element`: the backgrounds stacked there, composited bottom up. */
  const backgroundAt = (element, x, y) => {
    const stack = document
      .elementsFromPoint(x, y)
      // The element's own background is under its text; what it holds is drawn over the text, or is the text.
      .filter((other) => other === element || !element.contains(other));
    let color = canvas();
    for (const layer of stack.reverse()) {
      const style = getComputedStyle(layer);
      if (style.backgroundImage !== 'none' && !style.backgroundImage.startsWith('linear-gradient'))
        return null;
      const background = parse(style.backgroundColor);
      if (background && background[3] > 0) color = over(background, color);
    }
    return color;
  };

  const opacityOf = (element) => {
    let opacity = 1;
    for (let at = element; at; at = at.parentElement) opacity *= Number(getComputedStyle(at).opacity);
    return opacity;
  };

  const disabled = (element) =>
    element.closest(':disabled, [aria-disabled="true"]') !== null ||
    (element.closest('label') !== null && element.closest('label').control?.disabled === true);

  const describe = (element) => {
    const id = element.id ? `#${element.id}` : '';
    const classes = [...element.classList]
      .slice(0, 2)
      .map((name) => `.${name}`)
      .join('');
    return `${element.tagName.toLowerCase()}${id}${classes}`;
  };

  function contrast() {
    const failures = [];
    const seen = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const element = node.parentElement;
      if (!text || !element || seen.has(element)) continue;
      if (element.closest('option, script, style, svg, [hidden]')) continue;
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible' || Number(style.opacity) === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = [...range.getClientRects()].find((rect) => rect.width > 1 && rect.height > 1);
      if (!box) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      // Clipped away (a visually hidden label), or covered by something else (a dialog over the page).
      const top = document.elementFromPoint(x, y);
      if (!top) continue;
      if (top !== element && !element.contains(top) && !top.contains(element)) {
        const pointerless = getComputedStyle(element).pointerEvents === 'none';
        if (!pointerless) continue;
      }
      seen.add(element);
      if (disabled(element)) continue;
      // Behind an open modal dialog the page is inert: what is measured is the dialog.
      const modal = [...document.querySelectorAll('[aria-modal="true"]')].pop();
      if (modal && !modal.contains(element)) continue;
      const background = backgroundAt(element, x, y);
      const foreground = parse(style.color);
      if (!background || !foreground) continue;
      const opacity = opacityOf(element);
      const drawn = over([...foreground.slice(0, 3), foreground[3] * opacity], background);
      const size = parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      const large = size >= 24 || (size >= 18.66 && bold);
      const needed = large ? 3 : 4.5;
      const measured = ratio(drawn, background);
      if (measured < needed - 0.005)
        failures.push({
          element: describe(element),
          text: text.slice(0, 60),
          ratio: Math.round(measured * 100) / 100,
          needed,
          foreground: hex(drawn),
          background: hex(background),
        });
    }
    return failures;
  }

  /** As axe-core compares them: emoji and punctuation left out, spaces collapsed, case ignored. */
  const normalise = (text) =>
    text
      .replace(
        /[\p{Extended_Pictographic}\u2000-\u206F\u2E00-\u2E7F'!"#$%&£¢¥§€()*+,\-./:;<=>?@[\]^_`{|}~±\\]/gu,
        ' ',
      )
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();

  const widgetRoles = new Set([
    'button',
    'link',
    'tab',
    'menuitem',
    'checkbox',
    'radio',
    'switch',
    'option',
    'treeitem',
  ]);
  const implicitRole = (element) => {
    const tag = element.tagName.toLowerCase();
    if (tag === 'button') return 'button';
    if (tag === 'a' && element.hasAttribute('href')) return 'link';
    if (tag === 'summary') return 'button';
    return null;
  };
  /** The text a control shows: its visible text, without what is hidden from sight or from assistive tools. */
  const shownText = (element) => {
    let text = '';
    const walk = (node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        text += node.textContent;
        return;
      }
      if (node.nodeType !== Node.ELEMENT_NODE) return;
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden') return;
      if (node.getAttribute('aria-hidden') === 'true') return;
      const rect = node.getBoundingClientRect();
      if (node.childElementCount === 0 && rect.width <= 1 && rect.height <= 1) return;
      for (const child of node.childNodes) walk(child);
    };
    for (const child of element.childNodes) walk(child);
    return normalise(text);
  };

  function nameMismatch() {
    const failures = [];
    for (const element of document.querySelectorAll('[aria-label], [aria-labelledby]')) {
      const role = element.getAttribute('role') ?? implicitRole(element);
      if (!role || !widgetRoles.has(role)) continue;
      if (element.getClientRects().length === 0) continue;
      const labelledBy = element.getAttribute('aria-labelledby');
      const name = normalise(
        labelledBy
          ? labelledBy
              .split(/\s+/)
              .map((id) => document.getElementById(id)?.textContent ?? '')
              .join(' ')
          : (element.getAttribute('aria-label') ?? ''),
      );
      const shown = shownText(element);
      // A symbol (×, ✎) is not words a person would speak to name the control.
      if (!/[a-z0-9]/i.test(shown)) continue;
      if (!name.includes(shown)) failures.push({ element: describe(element), name, shown });
    }
    return failures;
  }

  window.loupeAudit = () => ({ contrast: contrast(), nameMismatch: nameMismatch() });
})();

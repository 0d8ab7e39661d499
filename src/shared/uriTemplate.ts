/**
 * RFC 6570 URI templates, levels 1–3 (the shapes resource templates use): the variables a template names, and
 * its expansion from the values a user typed. Modifiers (`:3`, `*`) are read and ignored. An empty value counts
 * as not given, so a half-filled form never inserts `name=` by accident.
 */
const expression = /\{([+#./;?&]?)([^}]*)\}/g;

interface Operator {
  first: string;
  separator: string;
  named: boolean;
  ifEmpty: string;
  reserved: boolean;
}

const operators: Record<string, Operator> = {
  '': { first: '', separator: ',', named: false, ifEmpty: '', reserved: false },
  '+': { first: '', separator: ',', named: false, ifEmpty: '', reserved: true },
  '#': { first: '#', separator: ',', named: false, ifEmpty: '', reserved: true },
  '.': { first: '.', separator: '.', named: false, ifEmpty: '', reserved: false },
  '/': { first: '/', separator: '/', named: false, ifEmpty: '', reserved: false },
  ';': { first: ';', separator: ';', named: true, ifEmpty: '', reserved: false },
  '?': { first: '?', separator: '&', named: true, ifEmpty: '=', reserved: false },
  '&': { first: '&', separator: '&', named: true, ifEmpty: '=', reserved: false },
};

function names(list: string): string[] {
  return list
    .split(',')
    .map((name) => name.replace(/(\*|:\d+)$/, '').trim())
    .filter((name) => name !== '');
}

/** Every variable the template names, once each, in order of first appearance. */
export function templateVariables(template: string): string[] {
  const seen: string[] = [];
  for (const match of template.matchAll(expression)) {
    for (const name of names(match[2])) if (!seen.includes(name)) seen.push(name);
  }
  return seen;
}

function encode(value: string, reserved: boolean): string {
  if (reserved) return encodeURI(value).replace(/%25([0-9A-Fa-f]{2})/g, '%$1');
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The template with each expression replaced by the given values (missing or empty values left out). */
export function expandTemplate(template: string, values: Record<string, string>): string {
  return template.replace(expression, (_whole, symbol: string, list: string) => {
    const operator = operators[symbol] ?? operators[''];
    const parts: string[] = [];
    for (const name of names(list)) {
      const value = Object.hasOwn(values, name) ? values[name] : undefined;
      if (value === undefined || value === '') continue;
      const encoded = encode(value, operator.reserved);
      parts.push(operator.named ? `${name}${encoded === '' ? operator.ifEmpty : `=${encoded}`}` : encoded);
    }
    return parts.length === 0 ? '' : operator.first + parts.join(operator.separator);
  });
}

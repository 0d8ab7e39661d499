import { describe, expect, it } from 'vitest';
import { expandTemplate, templateVariables } from './uriTemplate.js';

describe('URI templates', () => {
  it('names each variable once, modifiers stripped', () => {
    expect(templateVariables('file:///{dir}/{name}{?page,size}{&page}')).toEqual([
      'dir',
      'name',
      'page',
      'size',
    ]);
    expect(templateVariables('demo://items/{id:3}/{path*}')).toEqual(['id', 'path']);
    expect(templateVariables('demo://static')).toEqual([]);
  });

  it('expands the RFC 6570 operators, encoding what each allows', () => {
    const values = { id: 'a b/c', path: 'x/y', page: '2', size: '', q: 'ü&=' };
    expect(expandTemplate('demo://items/{id}', values)).toBe('demo://items/a%20b%2Fc');
    expect(expandTemplate('demo://files/{+path}', values)).toBe('demo://files/x/y');
    expect(expandTemplate('demo://list{?page,size,q}', values)).toBe('demo://list?page=2&q=%C3%BC%26%3D');
    expect(expandTemplate('demo://list?fixed=1{&page}', values)).toBe('demo://list?fixed=1&page=2');
    expect(expandTemplate('demo://x{/page,id}', values)).toBe('demo://x/2/a%20b%2Fc');
    expect(expandTemplate('demo://x{.page}{;page}{#path}', values)).toBe('demo://x.2;page=2#x/y');
  });

  it('leaves out expressions whose variables are missing or empty', () => {
    expect(expandTemplate('demo://items/{id}{?size}', {})).toBe('demo://items/');
  });
});

import { describe, expect, it } from 'vitest';
import { stringifyQuery, toSnake, withQuery } from '../src/core/qs';
import { batchButtonState, isSingleSelect, labelLinkMode, pickLimitExceeded, toOrders, treeNodeSelectable, PAGE_SIZES } from '../src/components/rules';
import { toCsv } from '../src/components/exporting';
import { filterTree, pathInTree } from '../src/core/tree';

describe('query strings (qs allowDots + indices)', () => {
  it('nests objects with dots and arrays with indices', () => {
    const q = stringifyQuery({ current: 1, size: 10, orders: [{ column: 'login_name', asc: true }], companyDTO: { id: '7' }, name: '' });
    expect(decodeURIComponent(q)).toBe('current=1&size=10&orders[0].column=login_name&orders[0].asc=true&companyDTO.id=7&name=');
  });
  it('drops undefined and keeps null as empty', () => {
    expect(stringifyQuery({ a: undefined, b: null, c: 'x y' })).toBe('b=&c=x%20y');
  });
  it('appends to a url with or without a query', () => {
    expect(withQuery('/a', { x: 1 })).toBe('/a?x=1');
    expect(withQuery('/a?y=2', { x: 1 })).toBe('/a?y=2&x=1');
    expect(withQuery('/a', {})).toBe('/a');
  });
  it('snake-cases properties', () => {
    expect(toSnake('loginName')).toBe('login_name');
    expect(toSnake('createDate')).toBe('create_date');
  });
});

describe('list rules', () => {
  it('enables edit with exactly one row and delete with at least one', () => {
    expect(batchButtonState(0)).toEqual({ edit: false, delete: false });
    expect(batchButtonState(1)).toEqual({ edit: true, delete: true });
    expect(batchButtonState(2)).toEqual({ edit: false, delete: true });
  });
  it('has the pager sizes of the seed', () => {
    expect([...PAGE_SIZES]).toEqual([10, 20, 100, 1000, 1000000]);
  });
  it('label link: edit, else view, else text', () => {
    expect(labelLinkMode(true, true)).toBe('edit');
    expect(labelLinkMode(true, false)).toBe('edit');
    expect(labelLinkMode(false, true)).toBe('view');
    expect(labelLinkMode(false, false)).toBe('text');
  });
  it('converts sorts to snake_case orders, with overrides', () => {
    expect(toOrders({ loginName: 'ascend' })).toEqual([{ column: 'login_name', asc: true }]);
    expect(toOrders({ 'companyDTO,name': 'descend' }, { 'companyDTO.name': 'c.name' })).toEqual([{ column: 'c.name', asc: false }]);
    expect(toOrders({ name: null })).toEqual([]);
  });
  it('pickers: radio when limit <= 1, limit checked on confirm', () => {
    expect(isSingleSelect(1)).toBe(true);
    expect(isSingleSelect(0)).toBe(true);
    expect(isSingleSelect(2)).toBe(false);
    expect(pickLimitExceeded(3, 2)).toBe(true);
    expect(pickLimitExceeded(2, 2)).toBe(false);
  });
  it('tree nodes: disabled ones and (only-leaf) parents cannot be chosen', () => {
    expect(treeNodeSelectable({ disabled: true })).toBe(false);
    expect(treeNodeSelectable({ children: [{}] })).toBe(true);
    expect(treeNodeSelectable({ children: [{}] }, true)).toBe(false);
    expect(treeNodeSelectable({ children: [] }, true)).toBe(true);
  });
});

describe('export and trees', () => {
  it('writes CSV with a BOM and quoting', () => {
    const csv = toCsv([{ title: '名称', value: (r: { n: string }) => r.n }], [{ n: 'a,b' }, { n: 'say "hi"' }]);
    expect(csv).toBe('\uFEFF名称\r\n"a,b"\r\n"say ""hi"""');
  });
  it('filters trees keeping ancestors', () => {
    type N = { name: string; children?: N[] };
    const tree: N[] = [{ name: 'HQ', children: [{ name: 'Sales' }, { name: 'IT', children: [{ name: 'Ops' }] }] }];
    const out = filterTree(tree, (n) => n.name === 'Ops');
    expect(JSON.stringify(out)).toBe('[{"name":"HQ","children":[{"name":"IT","children":[{"name":"Ops"}]}]}]');
    expect(pathInTree(tree, (n) => n.name === 'Ops').map((n) => n.name)).toEqual(['HQ', 'IT', 'Ops']);
  });
});

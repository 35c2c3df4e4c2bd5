import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { GeneratedList, type GeneratedPages } from '../src/components/GeneratedPage';
import { areaOfHref, moduleOfHref, setRuntimeAreas } from '../src/core/remote';
import { fakeFetch, grant, renderUi } from './helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

const column = { type: 'string', pyType: 'str', list: true, query: false, queryType: 'EQ', form: true, insert: true, edit: true, required: false, showType: 'input', dictType: '', maxLength: null, validateType: '', pk: false };
const pages: GeneratedPages = {
  name: 'demo/note',
  version: '1',
  tables: ['note'],
  entity: 'note',
  className: 'Note',
  tableType: '0',
  title: '笔记',
  permission: 'demo:note',
  apiPrefix: '/demo/note',
  pageHref: '/demo/note/NoteList',
  pk: 'id',
  children: [],
  columns: [
    { ...column, name: 'id', field: 'id', label: '主键', list: true, form: false, pk: true },
    { ...column, name: 'title', field: 'title', label: '标题', required: true, maxLength: 20, query: true },
  ],
};

describe('a generated module rendered from its pages', () => {
  it('shows a tree table from its treeData, without paging', async () => {
    grant('demo:cat:view');
    const calls = fakeFetch(() => [200, [{ id: 'a', name: '根节点', parentId: '0', children: [{ id: 'b', name: '叶节点', parentId: 'a', children: [] }] }]]);
    const tree: GeneratedPages = {
      ...pages,
      name: 'demo/cat',
      permission: 'demo:cat',
      apiPrefix: '/demo/cat',
      tableType: '3',
      columns: [
        { ...column, name: 'name', field: 'name', label: '名称' },
        { ...column, name: 'parent_id', field: 'parentId', label: '上级' },
        { ...column, name: 'parent_ids', field: 'parentIds', label: '所有上级' },
      ],
    };
    renderUi(<GeneratedList pages={tree} />);
    await screen.findByText('根节点');
    expect(calls.every((c) => c.url.startsWith('/api/demo/cat/treeData'))).toBe(true);
    expect(screen.queryByText('所有上级')).toBeNull();
  });

  it('finds the module that owns a menu href', () => {
    const modules = [{ name: 'demo/note', href: '/demo/note/', prefixes: ['/demo/note/'], permission: 'demo:note', remote: '', entry: '' }];
    expect(moduleOfHref(modules, '/demo/note/NoteList')?.name).toBe('demo/note');
    expect(moduleOfHref(modules, 'demo/note/NoteList?x=1')?.name).toBe('demo/note');
    expect(moduleOfHref(modules, '/demo/notes/NotesList')).toBeNull();
  });

  it('maps a menu href to a built-in area, or to a remote registered at run time', () => {
    expect(areaOfHref('/sys/user/UserList')).toBe('sys');
    expect(areaOfHref('/gen/x')).toBe('gencode');
    expect(areaOfHref('/demo/note/NoteList')).toBeNull();
    setRuntimeAreas([{ name: 'apps_demo__note', prefixes: ['/demo/note/'] }]);
    expect(areaOfHref('demo/note/NoteList?x=1')).toBe('apps_demo__note');
    expect(areaOfHref('/demo/notes/NotesList')).toBeNull();
    // a built-in area is never taken over by a generated module's prefix
    setRuntimeAreas([{ name: 'apps_sys__user', prefixes: ['/sys/user/'] }]);
    expect(areaOfHref('/sys/user/UserList')).toBe('sys');
    setRuntimeAreas([]);
  });

  it('lists the rows through the module API and refuses an empty required column before saving', async () => {
    // given a user holding the module's buttons and a module with one row
    grant('demo:note:view', 'demo:note:add', 'demo:note:edit', 'demo:note:del');
    const calls = fakeFetch((c) =>
      c.method === 'POST' ? [200, '保存笔记成功'] : [200, { records: [{ id: 'r1', title: '第一条' }], total: 1 }],
    );
    renderUi(<GeneratedList pages={pages} />);
    // then its list is read from the module's list route
    await screen.findByText('第一条');
    expect(calls.some((c) => c.url.startsWith('/api/demo/note/list'))).toBe(true);
    // when a new row is confirmed without its required title
    fireEvent.click(document.querySelector('[data-action="add"]')!);
    await screen.findByText('新建笔记');
    fireEvent.click(document.querySelector('.ant-modal [data-action="confirm"]')!);
    // then the form names the rule and nothing is posted
    await screen.findByText('标题不能为空');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // and with a title the row is posted to the module's save route
    fireEvent.change(document.querySelector('.ant-modal input#title')!, { target: { value: '第二条' } });
    fireEvent.click(document.querySelector('.ant-modal [data-action="confirm"]')!);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/demo/note/save'));
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toMatchObject({ title: '第二条' });
  }, 120_000);
});

import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ListPage, type ListPageHandle } from '../src/components/ListPage';
import { RowActions } from '../src/components/RowActions';
import { NestedRowsEditor } from '../src/components/NestedRowsEditor';
import { fakeFetch, grant, renderUi } from './helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

type Row = { id: string; name: string } & Record<string, unknown>;
const rows: Row[] = [
  { id: '1', name: '甲' },
  { id: '2', name: '乙' },
];

describe('the delete flow of a list', () => {
  it("a row's own delete link confirms, deletes that row, shows the answer and reloads", async () => {
    // given a list whose rows carry a delete link
    grant('x:del');
    const calls = fakeFetch((c) => (c.method === 'DELETE' ? [200, '删除成功'] : [200, { records: rows, total: 2 }]));
    const list = createRef<ListPageHandle<Row>>();
    const deleted = vi.fn();
    renderUi(
      <ListPage<Row>
        actionRef={list}
        url="/sys/x/list"
        deleteUrl="/sys/x/delete"
        onDeleted={deleted}
        permissions={{ del: 'x:del' }}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '操作', valueType: 'option', render: (_d, r) => <RowActions actions={[{ key: 'delete', label: '删除', onClick: () => list.current?.remove([r]) }]} /> },
        ]}
      />,
    );
    await screen.findByText('乙');
    // when the second row's delete link is confirmed
    fireEvent.click(document.querySelectorAll('[data-row-action="delete"]')[1]!);
    await screen.findByText('确定删除所选项吗?');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    // then only that row is deleted, the answer is shown and the list reloads
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/sys/x/delete?ids=2')).toBe(true));
    await screen.findByText('删除成功');
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/sys/x/list')).length).toBeGreaterThanOrEqual(2));
    expect(deleted).toHaveBeenCalledWith([rows[1]]);
  });

  it('a list with its own delete call uses it instead of DELETE ?ids=', async () => {
    // given a list that deletes through a service call
    grant('x:del');
    fakeFetch(() => [200, { records: rows, total: 2 }]);
    const request = vi.fn(async (_ids: string[]) => '已删除');
    renderUi(<ListPage<Row> url="/sys/x/list" deleteRequest={request} permissions={{ del: 'x:del' }} columns={[{ title: '名称', dataIndex: 'name' }]} />);
    await screen.findByText('甲');
    // when the first row is ticked and deleted
    fireEvent.click(document.querySelectorAll<HTMLInputElement>('.ant-table-tbody tr[data-row-key] .ant-checkbox-input')[0]!);
    await waitFor(() => expect(document.querySelector('[data-action="delete"]')).toBeEnabled());
    fireEvent.click(document.querySelector('[data-action="delete"]')!);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    // then the call gets its id and its answer is shown
    await waitFor(() => expect(request).toHaveBeenCalledWith(['1']));
    await screen.findByText('已删除');
  });

  it('cancelling the confirmation deletes nothing', async () => {
    grant('x:del');
    const calls = fakeFetch(() => [200, { records: rows, total: 2 }]);
    const list = createRef<ListPageHandle<Row>>();
    renderUi(<ListPage<Row> actionRef={list} url="/sys/x/list" deleteUrl="/sys/x/delete" columns={[{ title: '名称', dataIndex: 'name' }]} />);
    await screen.findByText('甲');
    list.current?.remove([rows[0]!]);
    fireEvent.click(await screen.findByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByText('确定删除所选项吗?')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});

describe("a list's rowActions column", () => {
  it('shows the standard links the user may use, in order, beside the page\'s own, and runs each', async () => {
    // given a list with view, edit, delete and an own link, and no view permission
    grant('x:edit', 'x:del');
    const calls = fakeFetch((c) => (c.method === 'DELETE' ? [200, '删除成功'] : [200, { records: rows, total: 2 }]));
    const viewed = vi.fn();
    const edited = vi.fn();
    const own = vi.fn();
    renderUi(
      <ListPage<Row>
        url="/sys/x/list"
        deleteUrl="/sys/x/delete"
        permissions={{ view: 'x:view', edit: 'x:edit', del: 'x:del' }}
        onView={viewed}
        onEdit={edited}
        columns={[{ title: '名称', dataIndex: 'name' }]}
        rowActions={{ width: 200, items: (r) => ['view', 'edit', { key: 'own', label: '自有', onClick: () => own(r) }, r.id === '1' && 'delete'] }}
      />,
    );
    await screen.findByText('乙');
    // then the column is titled 操作 and each row shows the links its rules allow
    expect(screen.getByText('操作')).toBeInTheDocument();
    const keys = (i: number) => [...document.querySelectorAll('.ant-table-tbody tr[data-row-key]')[i]!.querySelectorAll('[data-row-action]')].map((a) => a.getAttribute('data-row-action'));
    expect(keys(0)).toEqual(['edit', 'own', 'delete']);
    expect(keys(1)).toEqual(['edit', 'own']);
    // when each link is clicked, its handler gets the row
    const second = document.querySelectorAll('.ant-table-tbody tr[data-row-key]')[1]!;
    fireEvent.click(second.querySelector('[data-row-action="edit"]')!);
    fireEvent.click(second.querySelector('[data-row-action="own"]')!);
    expect(edited).toHaveBeenCalledWith(rows[1]);
    expect(own).toHaveBeenCalledWith(rows[1]);
    expect(viewed).not.toHaveBeenCalled();
    // and delete is the standard one: confirm, then DELETE ?ids=
    fireEvent.click(document.querySelector('[data-row-action="delete"]')!);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/sys/x/delete?ids=1')).toBe(true));
  });

  it('a standard link can be hidden or given its own handler without repeating its label', async () => {
    grant('x:edit');
    fakeFetch(() => [200, { records: rows, total: 2 }]);
    const own = vi.fn();
    renderUi(
      <ListPage<Row>
        url="/sys/x/list"
        permissions={{ edit: 'x:edit' }}
        selectable={false}
        columns={[{ title: '名称', dataIndex: 'name' }]}
        rowActions={{ items: (r) => [{ key: 'edit', hidden: r.id === '2', onClick: () => own(r) }] }}
      />,
    );
    await screen.findByText('乙');
    const links = document.querySelectorAll('[data-row-action="edit"]');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveTextContent('修改');
    fireEvent.click(links[0]!);
    expect(own).toHaveBeenCalledWith(rows[0]);
  });
});

describe('NestedRowsEditor', () => {
  it('removes an unsaved row outright and flags a saved one with delFlag', async () => {
    // given a saved and an unsaved nested row
    const onChange = vi.fn();
    const value = [
      { id: 's1', label: '已保存' },
      { id: '', label: '新行' },
    ];
    renderUi(<NestedRowsEditor value={value} onChange={onChange} name="行" columns={[{ title: '标签', dataIndex: 'label' }]} fields={null} />);
    // when each is deleted
    const links = () => document.querySelectorAll('[data-row-action="delete"]');
    fireEvent.click(links()[1]!);
    fireEvent.click(links()[0]!);
    // then the new row is gone and the saved one stays with delFlag '1'
    expect(onChange.mock.calls[0]?.[0]).toEqual([{ id: 's1', label: '已保存' }]);
    expect(onChange.mock.calls[1]?.[0]).toEqual([{ id: 's1', label: '已保存', delFlag: '1' }, { id: '', label: '新行' }]);
    expect(screen.getByText('添加')).toBeInTheDocument();
  });
});

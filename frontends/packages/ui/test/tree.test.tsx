import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { CategoryTree, type CategoryNode } from '../src/components/CategoryTree';
import { OfficeTree } from '../src/components/OfficeTree';
import { TreePage, type TreeRow } from '../src/components/TreePage';
import { moveNode } from '../src/components/treeKit';
import { fakeFetch, grant, renderUi } from './helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

const tree = (): CategoryNode[] => [
  { id: 'a', name: '财务', parentId: '0', children: [{ id: 'a1', name: '报销', parentId: 'a', children: [] }] },
  { id: 'b', name: '人事', parentId: '0', children: [{ id: 'b1', name: '请假', parentId: 'b', children: [] }] },
];

const shown = (text: string) => screen.queryByText(text) !== null;
const menuEntries = () => [...document.querySelectorAll('.loom-tree-menu [data-tree-action]')].map((e) => e.getAttribute('data-tree-action'));

describe('the category sidebar', () => {
  it('a search keeps the matching categories and their parents; collapse and expand close and open every node', async () => {
    // given the tree, every node open
    renderUi(<CategoryTree resource={{ treeData: async () => tree() }} value={null} onChange={() => {}} entity="分类" />);
    await screen.findByText('报销');
    expect(shown('请假')).toBe(true);
    // when searching 报销
    fireEvent.change(screen.getByPlaceholderText('搜索名称'), { target: { value: '报销' } });
    // then only 报销 and its parent are left
    await waitFor(() => expect(shown('请假')).toBe(false));
    expect(shown('财务') && shown('报销')).toBe(true);
    expect(shown('人事')).toBe(false);
    // when the search is cleared and every node collapsed
    fireEvent.change(screen.getByPlaceholderText('搜索名称'), { target: { value: '' } });
    await screen.findByText('请假');
    fireEvent.click(screen.getByLabelText('全部折叠'));
    // then only the top categories show; expand-all opens every node again
    await waitFor(() => expect(shown('请假')).toBe(false));
    expect(shown('财务') && shown('人事')).toBe(true);
    fireEvent.click(screen.getByLabelText('全部展开'));
    await screen.findByText('请假');
  });

  it('choosing a category answers its value (the name where the list filters by name), 全部 answers null', async () => {
    const onChange = vi.fn();
    renderUi(<CategoryTree resource={{ treeData: async () => tree() }} value={null} keyOf={(n) => n.name} onChange={onChange} entity="分类" />);
    fireEvent.click(await screen.findByText('请假'));
    expect(onChange).toHaveBeenLastCalledWith('请假', expect.objectContaining({ id: 'b1' }));
    fireEvent.click(screen.getByText('全部'));
    expect(onChange).toHaveBeenLastCalledWith(null, null);
  });

  it("a right click offers what the user may do, and 删除 deletes the category after the confirm", async () => {
    // given a user who may add and delete, not edit
    grant('c:add', 'c:del');
    const remove = vi.fn(async () => '删除成功');
    const resource = { treeData: async () => tree(), queryById: async (id: string) => ({ id }), save: vi.fn(async () => 'ok'), remove };
    renderUi(<CategoryTree resource={resource} value={null} onChange={() => {}} entity="分类" permissions={{ add: 'c:add', edit: 'c:edit', del: 'c:del' }} />);
    // when 请假 is right-clicked
    fireEvent.contextMenu(await screen.findByText('请假'));
    // then 新建下级 and 删除 are offered, not 编辑 nor 移动
    await waitFor(() => expect(menuEntries()).toEqual(['addChild', 'remove']));
    // when 删除 is chosen and confirmed
    fireEvent.click(document.querySelector('.loom-tree-menu [data-tree-action="remove"]')!);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    // then that category is deleted
    await waitFor(() => expect(remove).toHaveBeenCalledWith('b1'));
  });

  it('without rights a right click offers nothing and no node can be dragged', async () => {
    grant();
    renderUi(<CategoryTree resource={{ treeData: async () => tree(), queryById: async () => ({}), save: async () => '', remove: async () => '' }} value={null} onChange={() => {}} entity="分类" permissions={{ add: 'c:add', edit: 'c:edit', del: 'c:del' }} />);
    fireEvent.contextMenu(await screen.findByText('请假'));
    expect(menuEntries()).toEqual([]);
    expect(document.querySelector('.loom-category-tree [draggable="true"]')).toBeNull();
    expect(document.querySelector('[data-action="add-category"]')).toBeNull();
  });
});

describe('a move', () => {
  it('saves the node as the service answers it, under the new parent', async () => {
    const save = vi.fn(async () => '保存成功');
    await moveNode({ queryById: async (id: string) => ({ id, name: '请假', sort: 5, remarks: 'r', parentId: 'b' }), save }, 'b1', 'a');
    expect(save).toHaveBeenCalledWith({ id: 'b1', name: '请假', sort: 5, remarks: 'r', parentId: 'a' });
  });
});

describe('the tree page', () => {
  type Row = TreeRow & { name: string };
  const rows = (): Row[] => tree() as unknown as Row[];

  it('a search keeps the matching rows with their parents; a right click deletes a row with the standard delete', async () => {
    // given a tree page of a user who may delete
    grant('t:view', 't:del');
    const calls = fakeFetch((c) => (c.method === 'DELETE' ? [200, '删除成功'] : [200, {}]));
    const resource = { treeData: async () => rows(), queryById: async () => ({}), save: async () => '', deleteUrl: '/x/delete' };
    renderUi(
      <TreePage<Row>
        entity="区域"
        resource={resource}
        permissions={{ view: 't:view', add: 't:add', edit: 't:edit', del: 't:del' }}
        columns={[{ title: '名称', dataIndex: 'name' }]}
        parent={{ label: '上级' }}
        rowActions={{ width: 100, items: () => [] }}
      >
        <Form.Item name="name">
          <Input />
        </Form.Item>
      </TreePage>,
    );
    await screen.findByText('请假');
    // when searching 请假
    fireEvent.change(screen.getByPlaceholderText('搜索名称'), { target: { value: '请假' } });
    // then 财务's branch is gone, 人事 and 请假 stay
    await waitFor(() => expect(shown('报销')).toBe(false));
    expect(shown('人事')).toBe(true);
    // when 请假's row is right-clicked: only 删除 is allowed
    fireEvent.contextMenu(screen.getByText('请假'));
    await waitFor(() => expect(menuEntries()).toEqual(['remove']));
    fireEvent.click(document.querySelector('.loom-tree-menu [data-tree-action="remove"]')!);
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    // then the standard delete removes that row
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.includes('ids=b1'))).toBe(true));
  });
});

describe('the organisation tree of the user screens', () => {
  it('has the same search and expand-all / collapse-all as every tree', async () => {
    // given the offices
    fakeFetch(() => [200, tree()]);
    renderUi(<OfficeTree onSelect={() => {}} />);
    await screen.findByText('报销');
    // when collapsed: only the companies show; expanded again: every department
    fireEvent.click(screen.getByLabelText('全部折叠'));
    await waitFor(() => expect(shown('报销')).toBe(false));
    fireEvent.click(screen.getByLabelText('全部展开'));
    await screen.findByText('报销');
    // a search keeps 请假 with its company
    fireEvent.change(screen.getByPlaceholderText('请输入组织机构过滤'), { target: { value: '请假' } });
    await waitFor(() => expect(shown('财务')).toBe(false));
    expect(shown('人事') && shown('请假')).toBe(true);
  });
});

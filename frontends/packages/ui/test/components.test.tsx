import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { ListPage, type ListParams } from '../src/components/ListPage';
import { LabelLink } from '../src/components/LabelLink';
import { Permission } from '../src/components/Permission';
import { FormDialog } from '../src/components/FormDialog';
import { LoomTreeSelect } from '../src/components/TreeSelect';
import { GridPickerDialog } from '../src/components/GridPicker';
import { UserPickerDialog } from '../src/components/UserPicker';
import { DictTag } from '../src/components/Dict';
import { session } from '../src/core/session';
import { getDictLabel } from '../src/core/dict';
import { i18n } from '../src/core/i18n';
import { fakeFetch, grant, renderUi } from './helpers';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

type Row = { id: string; name: string; loginName: string } & Record<string, unknown>;
const rows: Row[] = [
  { id: '1', name: '甲', loginName: 'a' },
  { id: '2', name: '乙', loginName: 'b' },
  { id: '3', name: '丙', loginName: 'c' },
];

function btn(action: string): HTMLButtonElement {
  const el = document.querySelector(`[data-action="${action}"]`);
  if (!el) throw new Error(`no button ${action}`);
  return el as HTMLButtonElement;
}

function rowCheckbox(i: number): HTMLInputElement {
  const boxes = document.querySelectorAll<HTMLInputElement>('.ant-table-tbody tr[data-row-key] .ant-checkbox-input');
  const b = boxes[i];
  if (!b) throw new Error(`no checkbox ${i}`);
  return b;
}

describe('ListPage', () => {
  it('enables edit with exactly one ticked row and delete with at least one', async () => {
    grant('x:add', 'x:edit', 'x:del');
    const fetcher = vi.fn(async () => ({ records: rows, total: 3 }));
    renderUi(
      <ListPage<Row>
        fetch={fetcher}
        columns={[{ title: '名称', dataIndex: 'name' }]}
        permissions={{ add: 'x:add', edit: 'x:edit', del: 'x:del' }}
        onAdd={() => {}}
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    );
    await screen.findByText('乙');
    expect(btn('edit')).toBeDisabled();
    expect(btn('delete')).toBeDisabled();
    fireEvent.click(rowCheckbox(0));
    await waitFor(() => expect(btn('edit')).toBeEnabled());
    expect(btn('delete')).toBeEnabled();
    fireEvent.click(rowCheckbox(1));
    await waitFor(() => expect(btn('edit')).toBeDisabled());
    expect(btn('delete')).toBeEnabled();
  });

  it('hides buttons without the permission', async () => {
    grant('x:add');
    renderUi(
      <ListPage<Row>
        fetch={async () => ({ records: rows, total: 3 })}
        columns={[{ title: '名称', dataIndex: 'name' }]}
        permissions={{ add: 'x:add', edit: 'x:edit', del: 'x:del' }}
        onAdd={() => {}}
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    );
    await screen.findByText('乙');
    expect(document.querySelector('[data-action="add"]')).not.toBeNull();
    expect(document.querySelector('[data-action="edit"]')).toBeNull();
    expect(document.querySelector('[data-action="delete"]')).toBeNull();
  });

  it('asks the server with current, size and snake_case orders when sorting', async () => {
    const seen: ListParams[] = [];
    renderUi(
      <ListPage<Row>
        fetch={async (p) => {
          seen.push(p);
          return { records: rows, total: 3 };
        }}
        columns={[
          { title: '登录名', dataIndex: 'loginName', sorter: true },
          { title: '名称', dataIndex: 'name' },
        ]}
      />,
    );
    await screen.findByText('乙');
    expect(seen[0]).toMatchObject({ current: 1, size: 10, orders: [] });
    fireEvent.click(screen.getByText('登录名'));
    await waitFor(() => expect(seen.at(-1)?.orders).toEqual([{ column: 'login_name', asc: true }]));
  });

  it('a tree table draws an expander only on rows with children (leaves answered with children: [])', async () => {
    const tree = [
      { id: '1', name: '根', loginName: 'r', children: [{ id: '2', name: '叶', loginName: 'l', children: [] }] },
      { id: '3', name: '独', loginName: 's', children: [] },
    ];
    renderUi(<ListPage<Row> fetch={async () => tree} paging={false} columns={[{ title: '名称', dataIndex: 'name' }]} />);
    await screen.findByText('独');
    const expanders = () => document.querySelectorAll('.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)');
    expect(expanders()).toHaveLength(1);
  });

  it('default delete confirms, calls DELETE ?ids= and reloads', async () => {
    grant('x:del');
    const calls = fakeFetch((c) => (c.method === 'DELETE' ? [200, '删除成功'] : [200, { records: rows, total: 3 }]));
    renderUi(<ListPage<Row> url="/sys/x/list" deleteUrl="/sys/x/delete" permissions={{ del: 'x:del' }} columns={[{ title: '名称', dataIndex: 'name' }]} />);
    await screen.findByText('乙');
    fireEvent.click(rowCheckbox(0));
    fireEvent.click(rowCheckbox(2));
    await waitFor(() => expect(btn('delete')).toBeEnabled());
    fireEvent.click(btn('delete'));
    await screen.findByText('确定删除所选项吗?');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/sys/x/delete?ids=1%2C3')).toBe(true));
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/sys/x/list')).length).toBeGreaterThanOrEqual(2));
  });
});

describe('LabelLink and Permission', () => {
  it('links to edit, else view, else plain text', () => {
    const onEdit = vi.fn();
    const onView = vi.fn();
    grant('u:edit', 'u:view');
    const { unmount } = renderUi(<LabelLink editPermission="u:edit" viewPermission="u:view" onEdit={onEdit} onView={onView}>张三</LabelLink>);
    fireEvent.click(screen.getByText('张三'));
    expect(onEdit).toHaveBeenCalled();
    unmount();
    grant('u:view');
    const r2 = renderUi(<LabelLink editPermission="u:edit" viewPermission="u:view" onEdit={onEdit} onView={onView}>李四</LabelLink>);
    fireEvent.click(screen.getByText('李四'));
    expect(onView).toHaveBeenCalled();
    r2.unmount();
    grant();
    renderUi(<LabelLink editPermission="u:edit" viewPermission="u:view" onEdit={onEdit} onView={onView}>王五</LabelLink>);
    expect(screen.getByText('王五').tagName).toBe('SPAN');
    expect(screen.getByText('王五').closest('a')).toBeNull();
  });

  it('Permission hides children without the permission', () => {
    grant('a:b');
    renderUi(
      <>
        <Permission value="a:b">
          <span>yes</span>
        </Permission>
        <Permission value="a:c">
          <span>no</span>
        </Permission>
      </>,
    );
    expect(screen.queryByText('yes')).not.toBeNull();
    expect(screen.queryByText('no')).toBeNull();
  });

  it('DictTag shows the label from the cached map', () => {
    session.setDictList({ yes_no: [{ id: 'y', label: '是', value: '1', sort: 1 }, { id: 'n', label: '否', value: '0', sort: 2 }] });
    renderUi(<DictTag type="yes_no" value="0" />);
    expect(screen.getByText('否')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('dictList') ?? '{}')).toHaveProperty('yes_no');
  });

  it('DictTag and getDictLabel show the English label in en-US, the Chinese one in zh-CN', async () => {
    // given a value with an English label and one a user added without
    session.setDictList({ yes_no: [{ id: 'y', label: '是', labelEn: 'Yes', value: '1', sort: 1 }, { id: 'c', label: '自定义', labelEn: null, value: '9', sort: 9 }] });
    try {
      // when the reader switches to English
      await act(async () => {
        await i18n.changeLanguage('en-US');
      });
      renderUi(<DictTag type="yes_no" value="1" />);
      // then the English label shows, and the value without one keeps its label
      expect(await screen.findByText('Yes')).toBeInTheDocument();
      expect(getDictLabel('yes_no', '9')).toBe('自定义');
      expect(getDictLabel('yes_no', '1')).toBe('Yes');
    } finally {
      await act(async () => {
        await i18n.changeLanguage('zh-CN');
      });
    }
    expect(getDictLabel('yes_no', '1')).toBe('是');
  });
});

describe('FormDialog', () => {
  it('view mode is read-only and hides confirm', async () => {
    renderUi(
      <FormDialog open mode="view" name="用户" initialValues={{ name: 'x' }} onSubmit={async () => ''} onClose={() => {}}>
        <Form.Item name="name" label="名称">
          <Input />
        </Form.Item>
      </FormDialog>,
    );
    await screen.findByText('查看用户');
    expect(document.querySelector('[data-action="confirm"]')).toBeNull();
    expect(screen.getByDisplayValue('x')).toBeDisabled();
  });

  it('Enter submits; validation blocks; continue adding keeps the dialog open', async () => {
    const onSubmit = vi.fn(async () => '保存成功');
    const onClose = vi.fn();
    renderUi(
      <FormDialog<{ name: string }> open mode="add" name="用户" onSubmit={onSubmit} onClose={onClose}>
        <Form.Item name="name" label="名称" rules={[{ required: true, message: '名称不能为空' }]}>
          <Input />
        </Form.Item>
      </FormDialog>,
    );
    const input = await screen.findByLabelText('名称');
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByText('名称不能为空');
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '张三' } });
    fireEvent.click(document.querySelector('input[data-action="continue-adding"]') as HTMLElement);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '张三' }, 'add'));
    await screen.findByText('保存成功');
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe(''));
  });
});

describe('FormDialog and a number field', () => {
  it('letters typed into a number field keep the dialog open with 请输入数字, on Enter or on 确定', async () => {
    const onSubmit = vi.fn(async () => '');
    const onClose = vi.fn();
    renderUi(
      <FormDialog<{ days?: number }> open mode="add" name="明细" onSubmit={onSubmit} onClose={onClose}>
        <Form.Item name="days" label="天数">
          <InputNumber />
        </Form.Item>
      </FormDialog>,
    );
    const input = (await screen.findByLabelText('天数')) as HTMLInputElement;
    fireEvent.input(input, { target: { value: 'abc' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findAllByText('请输入数字');
    fireEvent.blur(input);
    fireEvent.click(document.querySelector('button[data-action="confirm"]') as HTMLElement);
    await screen.findAllByText('请输入数字');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    // a number then saves
    fireEvent.input(input, { target: { value: '12' } });
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ days: 12 }, 'add'));
  });
});

describe('FormDialog and a dialog opened from a field', () => {
  it('Enter in a picker dialog of a field does not submit the form behind it', async () => {
    const onSubmit = vi.fn(async () => '');
    renderUi(
      <FormDialog<{ name: string }> open mode="add" name="机构" initialValues={{ name: '研发部' }} onSubmit={onSubmit} onClose={() => {}}>
        <Form.Item name="name" label="名称">
          <Input />
        </Form.Item>
        <Modal open title="选择用户">
          <Input placeholder="登录名" />
        </Modal>
      </FormDialog>,
    );
    fireEvent.keyDown(await screen.findByPlaceholderText('登录名'), { key: 'Enter' });
    await new Promise((r) => setTimeout(r, 50));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByLabelText('名称'), { key: 'Enter' });
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  });
});

describe('LoomTreeSelect', () => {
  const tree = [
    { id: 'root', label: '总公司', disabled: true, children: [{ id: 'a', label: '研发部' }] },
  ];

  it('warns when a disabled root is chosen and keeps the value', async () => {
    const onChange = vi.fn();
    renderUi(<LoomTreeSelect data={tree} onChange={onChange} />);
    expect(screen.getByText('请选择')).toBeInTheDocument();
    fireEvent.mouseDown(document.querySelector('.ant-select-selector') as HTMLElement);
    fireEvent.click(await screen.findByTitle('总公司'));
    await screen.findByText('不能选择根节点（总公司）请重新选择。');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTitle('研发部'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('a', '研发部', expect.objectContaining({ id: 'a' })));
  });

  it('leaves out the nodes it is told to hide, with what is below them (a menu tree without its buttons)', async () => {
    const menus = [
      { id: 'd', name: '系统管理', type: '0', children: [{ id: 'p', name: '用户管理', type: '1', children: [{ id: 'b', name: '添加', type: '2' }] }] },
    ];
    renderUi(<LoomTreeSelect data={menus} fieldNames={{ value: 'id', label: 'name' }} isHidden={(n) => n.type === '2'} />);
    fireEvent.mouseDown(document.querySelector('.ant-select-selector') as HTMLElement);
    await screen.findByTitle('用户管理');
    expect(screen.queryByTitle('添加')).toBeNull();
  });

  it('shows 加载数据中... gaining a dot every 500 ms while loading', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let release: (v: unknown) => void = () => {};
    fakeFetch(() => new Promise((r) => (release = () => r([200, tree]))));
    renderUi(<LoomTreeSelect url="/sys/office/treeData" />);
    expect(screen.getByText('加载数据中...')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.getByText('加载数据中....')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.getByText('加载数据中.....')).toBeInTheDocument();
    await act(async () => {
      release(undefined);
      await vi.runOnlyPendingTimersAsync();
    });
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByText('请选择')).toBeInTheDocument());
  });
});

describe('pickers', () => {
  it('generic picker: radio with limit 1, max message over the limit', async () => {
    fakeFetch(() => [200, { records: [{ id: 'r1', name: '管理员', enName: 'admin' }, { id: 'r2', name: '用户', enName: 'user' }], total: 2, current: 1 }]);
    const onOk = vi.fn();
    renderUi(
      <GridPickerDialog
        open
        url="/sys/role/list"
        limit={1}
        value={[{ id: 'r1', name: '管理员' }, { id: 'r2', name: '用户' }]}
        columns={[{ title: '角色名称', dataIndex: 'name' }]}
        onOk={onOk}
        onCancel={() => {}}
      />,
    );
    await waitFor(() => expect(document.querySelectorAll('.ant-table-tbody .ant-radio-input').length).toBe(2));
    expect(document.querySelectorAll('.ant-table-tbody .ant-checkbox-input').length).toBe(0);
    fireEvent.click(btn('confirm'));
    await screen.findByText('你最多只能选择1条数据');
    expect(onOk).not.toHaveBeenCalled();
  });

  it('user picker: checkboxes over the limit 2 and the users message', async () => {
    fakeFetch((c) =>
      c.url.startsWith('/api/sys/office/treeData')
        ? [200, [{ id: 'c1', name: '总公司', type: '1', children: [{ id: 'd1', name: '研发部', type: '2' }] }]]
        : [
            200,
            {
              records: [
                { id: 'u1', name: '张三', loginName: 'zs', loginFlag: '1', companyDTO: { name: '总公司' }, officeDTO: { name: '研发部' } },
                { id: 'u2', name: '李四', loginName: 'ls', loginFlag: '0' },
                { id: 'u3', name: '王五', loginName: 'ww', loginFlag: '1' },
              ],
              total: 3,
              current: 1,
            },
          ],
    );
    const onOk = vi.fn();
    renderUi(<UserPickerDialog open limit={2} onOk={onOk} onCancel={() => {}} />);
    await screen.findByText('zs');
    expect(screen.getByText('研发部', { selector: '.ant-table-cell' })).toBeInTheDocument();
    for (let i = 0; i < 3; i++) {
      fireEvent.click(rowCheckbox(i));
      await waitFor(() => expect([...document.querySelectorAll('.loom-picker-chosen .ant-tag')].map((e) => e.textContent)).toHaveLength(i + 1));
    }
    fireEvent.click(btn('confirm'));
    await screen.findByText('你最多只能选择2个用户');
    expect(onOk).not.toHaveBeenCalled();
    // remove a chip, then confirm succeeds
    const chip = document.querySelector('.loom-picker-chosen .ant-tag .ant-tag-close-icon') as HTMLElement;
    fireEvent.click(chip);
    fireEvent.click(btn('confirm'));
    await waitFor(() => expect(onOk).toHaveBeenCalled());
    expect(onOk.mock.calls[0]?.[0]).toHaveLength(2);
  });
});

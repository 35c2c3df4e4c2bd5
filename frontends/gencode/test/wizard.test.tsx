import type { ReactElement } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, session } from '@loom/ui';
import '../src/locales';
import { TableWizard } from '../src/pages/gen-table/components/TableWizard';
import type { QueryConfig } from '../src/pages/gen-table/types';

const lists = {
  javaTypeList: [
    { label: 'String', value: 'String' },
    { label: 'Long', value: 'Long' },
    { label: 'Date', value: 'java.util.Date' },
    { label: '用户', value: 'com.jeeplus.sys.service.dto.UserDTO' },
    { label: '客户', value: 'com.acme.Customer' },
  ],
  showTypeList: [
    { label: '单行文本', value: 'input' },
    { label: '日期选择', value: 'dateselect' },
    { label: '人员选择', value: 'userselect' },
    { label: '表格选择', value: 'gridselect' },
    { label: '树选择控件', value: 'treeselect' },
  ],
  validateTypeList: [],
  queryTypeList: [
    { label: '=', value: 'EQ' },
    { label: 'Like', value: 'LIKE' },
  ],
  mysqlFieldType: [],
  oracleFieldType: [],
  mssqlFieldType: [],
  postGreSqlFieldType: [{ label: 'varchar(64)', value: 'varchar(64)' }],
};
const config: QueryConfig = { config: lists, ...lists, tableList: [] };
const dataSources = [
  { id: '-1', label: '数据库连接', name: '数据库连接', type: 'db', children: [{ id: 'master', label: '本地数据库', name: '本地数据库', enName: 'master', dbType: 'postgresql', type: 'dataSource', children: [] }] },
];

function renderUi(ui: ReactElement) {
  return render(
    <I18nextProvider i18n={i18n}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>{ui}</App>
      </ConfigProvider>
    </I18nextProvider>,
  );
}

function wizard() {
  renderUi(<TableWizard open mode="add" onClose={vi.fn()} config={config} dataSources={dataSources} />);
  return document.querySelector('.loom-table-wizard') as HTMLElement;
}

const columnNames = () => Array.from(document.querySelectorAll('.loom-wizard-columns tbody tr.ant-table-row')).map((tr) => (tr.querySelector('input') as HTMLInputElement | null)?.value ?? tr.querySelector('code')?.textContent ?? '');

async function chooseOption(selectRoot: Element, title: string) {
  fireEvent.mouseDown(selectRoot.querySelector('.ant-select-selector') as Element);
  const option = await waitFor(() => {
    const hit = Array.from(document.querySelectorAll('.ant-select-item-option')).find((o) => o.getAttribute('title') === title || o.textContent === title);
    if (!hit) throw new Error(`no option ${title}`);
    return hit;
  });
  fireEvent.click(option);
}

const next = () => fireEvent.click(screen.getByText('下一步').closest('button') as HTMLElement);
const errorText = () => document.querySelector('.loom-wizard-error')?.textContent ?? '';

beforeEach(() => {
  void i18n.changeLanguage('zh-CN');
  session.setMenus({
    permissions: [],
    menuList: [],
    routerList: [],
    dictList: {
      table_type: ['单表', '主表', '附表', '树结构表', '左树(树表)', '右表', '流程表单'].map((label, i) => ({ id: `t${i}`, label, value: String(i), sort: i })),
      gen_id_type: [{ id: 'g1', label: 'UUID', value: '1', sort: 1 }],
    },
  });
});

describe('TableWizard', () => {
  it('starts with the base columns and refuses to go forward without a table name', async () => {
    wizard();
    await waitFor(() => expect(columnNames()).toContain('create_date'));
    expect(columnNames()).toEqual(['id', 'create_by', 'create_date', 'update_by', 'update_date', 'del_flag']);
    next();
    await waitFor(() => expect(errorText()).toContain('表名不能为空'));
    expect(document.querySelector('.loom-wizard-step-0')).not.toBeNull();
  });

  it('table type 3 inserts the tree columns, type 6 proc_ins_id, and back to 0 removes them', async () => {
    const root = wizard();
    await waitFor(() => expect(columnNames()).toContain('id'));
    const typeItem = root.querySelector('.ant-form-item:has([id="tableType"])') as Element;
    await chooseOption(typeItem, '树结构表');
    await waitFor(() => expect(columnNames()).toEqual(expect.arrayContaining(['name', 'sort', 'parent_id', 'parent_ids'])));
    await chooseOption(typeItem, '流程表单');
    await waitFor(() => expect(columnNames()).toContain('proc_ins_id'));
    expect(columnNames()).not.toContain('parent_id');
    await chooseOption(typeItem, '单表');
    await waitFor(() => expect(columnNames()).not.toContain('proc_ins_id'));
  });

  it('a com. Java type turns the control into a related select; String resets it to input', async () => {
    const root = wizard();
    await waitFor(() => expect(columnNames()).toContain('id'));
    fireEvent.change(root.querySelector('[id="name"]') as Element, { target: { value: 'demo_note' } });
    fireEvent.blur(root.querySelector('[id="name"]') as Element);
    fireEvent.change(root.querySelector('[id="comments"]') as Element, { target: { value: '便签' } });
    await waitFor(() => expect((root.querySelector('[id="className"]') as HTMLInputElement).value).toBe('DemoNote'));
    next();
    await waitFor(() => expect(document.querySelector('.loom-wizard-step-1')).not.toBeNull());
    const row = () => Array.from(document.querySelectorAll('.loom-wizard-columns tbody tr.ant-table-row')).find((tr) => tr.querySelector('code')?.textContent === 'create_by') as HTMLElement;
    await chooseOption(row().querySelector('.ant-select') as Element, '用户');
    await waitFor(() => expect((row().querySelector('[data-col="javaField:create_by"]') as HTMLInputElement).value).toBe('createBy.id|name'));
    next();
    await waitFor(() => expect(document.querySelector('.loom-wizard-step-2')).not.toBeNull());
    expect(within(row()).getByText('人员选择')).toBeTruthy();
    // back to step 2 and make it a String again
    fireEvent.click(screen.getByText('上一步').closest('button') as HTMLElement);
    await waitFor(() => expect(document.querySelector('.loom-wizard-step-1')).not.toBeNull());
    await chooseOption(row().querySelector('.ant-select') as Element, 'String');
    await waitFor(() => expect((row().querySelector('[data-col="javaField:create_by"]') as HTMLInputElement).value).toBe('createBy'));
    next();
    await waitFor(() => expect(document.querySelector('.loom-wizard-step-2')).not.toBeNull());
    expect(within(row()).getByText('单行文本')).toBeTruthy();
  });

  it('step 2 refuses a related type without a chosen field, with the seed message', async () => {
    const root = wizard();
    await waitFor(() => expect(columnNames()).toContain('id'));
    fireEvent.change(root.querySelector('[id="name"]') as Element, { target: { value: 'demo_note' } });
    fireEvent.blur(root.querySelector('[id="name"]') as Element);
    fireEvent.change(root.querySelector('[id="comments"]') as Element, { target: { value: '便签' } });
    next();
    await waitFor(() => expect(document.querySelector('.loom-wizard-step-1')).not.toBeNull());
    const row = Array.from(document.querySelectorAll('.loom-wizard-columns tbody tr.ant-table-row')).find((tr) => tr.querySelector('code')?.textContent === 'update_by') as HTMLElement;
    await chooseOption(row.querySelector('.ant-select') as Element, '客户');
    next();
    await waitFor(() => expect(errorText()).toContain('列[update_by]关联对象必须选择至少一个属性'));
    const field = row.querySelector('[data-col="javaField:update_by"]') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '.updateBy' } });
    next();
    await waitFor(() => expect(errorText()).toContain('Java属性名称【.updateBy】非法'));
    expect(document.querySelector('.loom-wizard-step-1')).not.toBeNull();
  });
});

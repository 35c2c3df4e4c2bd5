// The everyday actions, each through the client's own screens and dialogs, checked by what the
// client then shows (its success message, the row in its list) and by what Loom then holds.
import { api, clearToasts, dialog, errorToasts, eventually, expect, field, fill, pick, settled, success } from './lib.mjs';
import { openMenu, route } from './menu.mjs';

/** A visible button of the open page (hidden pages of other tabs hold buttons of the same name). */
export function button(scope, text) {
  return scope.locator('button:visible', { hasText: text }).first();
}

/** Opens a menu page and waits for it to settle. */
async function open(ctx, name, parents) {
  await clearToasts(ctx.page);
  await openMenu(ctx, name, parents);
  await settled(ctx.page, ctx.watcher, `${name} settles`);
  ctx.watcher.take();
}

/** Opens a menu page and its 新建 dialog (titled `title`), settled. */
async function openNew(ctx, name, parents, title) {
  await open(ctx, name, parents);
  await button(ctx.page, '新建').click();
  const box = dialog(ctx.page, title);
  await box.waitFor();
  await settled(ctx.page, ctx.watcher);
  return box;
}

/** Finds a row by the list's search field (its placeholder) and 查询. */
async function search(ctx, placeholder, text) {
  await ctx.page.locator(`input[placeholder="${placeholder}"]:visible`).fill(text);
  await button(ctx.page, '查询').click();
  await settled(ctx.page, ctx.watcher);
}

/** Picks a node of a tree select (the client's SelectTree) in the form item labelled `label`. */
async function pickNode(page, scope, label, node) {
  await field(scope, label).locator('.el-select').first().click();
  const tree = page.locator('.el-select-dropdown:visible .el-tree').first();
  await tree.waitFor({ timeout: 10000 });
  await eventually(
    async () => {
      const item = tree.locator('.el-tree-node__content', { hasText: node }).first();
      if (await item.isVisible()) return item.click().then(() => true);
      // its parents fold: unfold the first folded one
      await tree.locator('.el-tree-node__expand-icon:not(.expanded):not(.is-leaf)').first().click();
      return false;
    },
    `the tree of ${label} shows ${node}`,
    10000,
  );
}

/** Clicks a dialog's 确定 (or `text`) and waits for the client's success message. */
async function submit(ctx, box, message, text = '确定') {
  ctx.watcher.take();
  await button(box, text).click();
  const shown = await success(ctx.page, message);
  await settled(ctx.page, ctx.watcher);
  const failures = ctx.watcher.take();
  expect(!failures.length, `after ${message}: ${failures.join('; ')}`);
  return shown;
}

async function createUser(ctx) {
  const { page } = ctx;
  const login = `jp${ctx.run}`;
  const box = await openNew(ctx, '用户管理', ['系统管理']);
  await fill(box, '账号', login);
  await fill(box, '密码', 'Jeeplus-123');
  await fill(box, '确认密码', 'Jeeplus-123');
  await fill(box, '姓名', `客户端用户${ctx.run}`);
  await fill(box, '工号', `no-${ctx.run}`);
  await pickNode(page, box, '公司', 'Loom');
  await pickNode(page, box, '部门', '综合部');
  await pick(page, box, '角色', '普通员工');
  await submit(ctx, box, '保存用户');
  const found = await api(page, `/sys/user/list?loginName=${login}`);
  const user = found.body?.records?.[0];
  expect(user?.officeDTO?.name === '综合部' && user?.companyDTO?.name === 'Loom', `the user is in 综合部: ${JSON.stringify(found)}`);
}

/** A row's button in the client's list (vxe-table keeps its fixed operation column apart). */
async function rowButton(page, text, label) {
  const row = page.locator('.vxe-table--main-wrapper tr.vxe-body--row:visible', { hasText: text }).first();
  await row.waitFor({ timeout: 15000 });
  const id = await row.getAttribute('rowid');
  const fixed = page.locator(`.vxe-table--fixed-right-wrapper tr.vxe-body--row[rowid="${id}"]:visible`);
  const scope = (await fixed.count()) ? fixed.first() : row;
  return button(scope, label);
}

async function createDictionary(ctx) {
  const { page } = ctx;
  const type = `jp_dict_${ctx.run}`;
  const box = await openNew(ctx, '字典管理', ['系统管理'], '新增字典');
  await fill(box, '类型', type);
  await fill(box, '描述', `客户端字典${ctx.run}`);
  await submit(ctx, box, '成功');
  await search(ctx, '类型', type);
  await (await rowButton(page, type, '管理键值')).click();
  const drawer = page.locator('.el-drawer:visible').last();
  await drawer.waitFor();
  await settled(page, ctx.watcher);
  for (const [label, value, sort] of [['甲', 'a', 10], ['乙', 'b', 20]]) {
    await clearToasts(page);
    await button(drawer, '新建').click();
    const form = dialog(page, '新增');
    await form.waitFor();
    await fill(form, '标签', label);
    await fill(form, '键值', value);
    await fill(form, '排序号', sort);
    await submit(ctx, form, '成功');
    await drawer.locator('tr.vxe-body--row', { hasText: label }).first().waitFor({ timeout: 15000 });
  }
  const map = await api(page, '/sys/dict/getDictMap');
  const values = (map.body?.[type] ?? []).map((v) => `${v.label}=${v.value}`);
  expect(values.join(',') === '甲=a,乙=b', `the dictionary holds its values: ${JSON.stringify(values)}`);
  await page.keyboard.press('Escape');
}

async function createRoleWithRights(ctx) {
  const { page } = ctx;
  const name = `客户端角色${ctx.run}`;
  const box = await openNew(ctx, '角色管理', ['系统管理'], '新建角色');
  await fill(box, '角色名称', name);
  await fill(box, '英文名称', `jp_role_${ctx.run}`);
  await pick(page, box, '是否系统数据', '否');
  await pick(page, box, '是否可用', '是');
  await submit(ctx, box, '保存角色');
  await search(ctx, '角色名', name);
  await (await rowButton(page, name, '角色授权')).click();
  const auth = dialog(page, '权限设置');
  await auth.waitFor();
  await settled(page, ctx.watcher);
  // tick 用户管理 (the page and its buttons) in the menu tree
  const tree = auth.locator('.el-tree').first();
  await eventually(
    async () => {
      const node = tree.locator('.el-tree-node__content', { has: page.locator('span.el-tree-node__label:text-is("用户管理")') }).first();
      if (await node.isVisible()) return node.locator('.el-checkbox').click().then(() => true);
      await tree.locator('.el-tree-node__content', { has: page.locator('span.el-tree-node__label:text-is("系统管理")') }).first().locator('.el-tree-node__expand-icon').click();
      return false;
    },
    'the menu tree shows 用户管理',
    10000,
  );
  await submit(ctx, auth, '保存角色', '保存');
  const roles = await api(page, `/sys/role/list?name=${encodeURIComponent(name)}`);
  const role = await api(page, `/sys/role/queryById?id=${roles.body.records[0].id}`);
  const granted = role.body.menuIdList ?? [];
  expect(granted.includes('m-sys-user') && granted.includes('m-sys-user-add') && granted.includes('m-sys'), `the role holds 用户管理: ${granted}`);
  expect(role.body.name === name, 'the role keeps its name');
}

/** A row's checkbox in the client's list, ticked. */
async function tickRow(page, text) {
  const row = page.locator('.vxe-table--main-wrapper tr.vxe-body--row:visible', { hasText: text }).first();
  await row.locator('.vxe-cell--checkbox').first().click();
  await eventually(() => row.locator('.vxe-cell--checkbox.is--checked').count(), `the row of ${text} is ticked`, 5000);
}

async function designSyncAndGenerateTable(ctx) {
  const { page } = ctx;
  const table = `jp_note_${ctx.run}`;
  // design: the wizard's first step names the table and adds a column, the other steps keep their defaults
  const box = await openNew(ctx, '表单配置', ['代码生成'], '新增表单');
  await fill(box, '表名', table);
  await fill(box, '说明', `客户端便签${ctx.run}`);
  await fill(box, '类名', `JpNote${ctx.run.replace(/^./, (c) => c.toUpperCase())}`);
  await button(box, '新增').click();
  // the new column's row: the one whose name is still empty
  const rows = box.locator('tr:visible', { has: page.locator('input.el-input__inner') });
  const cells = await eventually(async () => {
    for (let i = 0; i < (await rows.count()); i += 1) {
      const inputs = rows.nth(i).locator('input.el-input__inner');
      if ((await inputs.count()) >= 2 && !(await inputs.nth(0).inputValue())) return inputs;
    }
    return null;
  }, 'a new column row', 5000);
  await cells.nth(0).fill('title');
  await cells.nth(1).fill('标题');
  for (let step = 0; step < 4; step += 1) await button(box, '下一步').click();
  await submit(ctx, box, `保存${table}成功`);
  // sync: the row's 同步数据库
  await (await rowButton(page, table, '同步数据库')).click();
  await submit(ctx, dialog(page, '同步数据库'), '成功');
  const synced = await api(page, `/gencode/table/list?nameLike=${table}`);
  expect(synced.body?.result?.records?.[0]?.isSync === '1', `the table is synced: ${JSON.stringify(synced.body)}`);
  // generate: tick the row, 生成代码, its form's defaults
  await tickRow(page, table);
  await button(page, '生成代码').click();
  const gen = dialog(page, '生成代码');
  await gen.waitFor();
  await settled(page, ctx.watcher);
  await submit(ctx, gen, '成功');
}

async function designAndPublishForm(ctx) {
  const { page } = ctx;
  const name = `客户端表单${ctx.run}`;
  // the form's basic information: a key, and a new table named by the dialog
  const basic = await openNew(ctx, '表单设计', ['表单管理'], '新建表单');
  await fill(basic, '表单名称', name);
  await fill(basic, '表单key', `jpform${ctx.run}`);
  await button(basic, '生成随机表名').click();
  await submit(ctx, basic, '成功');
  // design: the designer adds a field by a click on it, and saves the form with its table
  await (await rowButton(page, name, '设计')).click();
  const designer = dialog(page);
  await designer.locator('.fm2-container, .fm-form').first().waitFor({ timeout: 20000 });
  await settled(page, ctx.watcher);
  await designer.locator('li, .form-edit-widget-label, a', { hasText: '单行文本' }).first().click();
  await designer.locator('.widget-view, .widget-form-list .el-form-item').first().waitFor({ timeout: 10000 });
  await submit(ctx, designer, '成功');
  const forms = await api(page, `/form/make/list?name=${encodeURIComponent(name)}`);
  const form = forms.body?.records?.[0];
  expect(form?.source && JSON.parse(form.source).list?.length === 1, `the form holds its field: ${JSON.stringify(form)}`);
  // publish (发布): its menu under 表单管理
  await (await rowButton(page, name, '发布')).click();
  const menu = dialog(page, '创建菜单');
  await menu.waitFor();
  await pickNode(page, menu, '上级菜单', '表单管理');
  await submit(ctx, menu, '成功');
  const tree = await api(page, '/sys/menu/treeData');
  const pages = JSON.stringify(tree.body);
  expect(pages.includes(`/form/GenerateList?id=${form.id}`), 'the published form has its menu page');
}

/** A section of the process designer's panel, opened. */
async function panelSection(page, title) {
  const section = page.locator('.el-collapse-item', { has: page.locator('.el-collapse-item__header', { hasText: title }) }).first();
  if (!(await section.evaluate((el) => el.classList.contains('is-active')))) await section.locator('.el-collapse-item__header').click();
  await eventually(() => section.evaluate((el) => el.classList.contains('is-active')), `${title} opens`, 5000);
  return section;
}

/** The text input of the panel section's form item labelled `label`, filled and left (the panel writes on change). */
async function panelFill(page, section, label, value) {
  const input = field(section, label).locator('input').first();
  await input.fill(value);
  await input.press('Tab');
}

async function drawPublishStartAndApprove(ctx) {
  const { page } = ctx;
  const name = `客户端流程${ctx.run}`;
  const title = `客户端申请${ctx.run}`;
  // draw: 开始 → a user task for the initiator, with 同意 → 结束
  await open(ctx, '流程设计', ['流程管理']);
  await button(page, '新建').click();
  const canvas = page.locator('.djs-container:visible').first();
  await canvas.waitFor({ timeout: 20000 });
  await settled(page, ctx.watcher);
  await panelFill(page, await panelSection(page, '基本设置'), '名称', name);
  await canvas.locator('.djs-element.djs-shape[data-element-id^="StartEvent"]').first().click();
  await page.locator('.djs-context-pad .entry[data-action="append.append-task"]').click();
  await page.locator('.djs-context-pad .entry[data-action="append.end-event"]').click();
  await canvas.locator('.djs-element.djs-shape[data-element-id^="UserTask"]').first().click();
  await panelFill(page, await panelSection(page, '基本设置'), '名称', '审批');
  await button(await panelSection(page, '审核者'), '分配人员').click();
  const people = dialog(page, '节点人员设置');
  await people.waitFor();
  await button(people, '添加').click();
  const rule = people.locator('tr:visible', { has: page.locator('.el-select') }).first();
  await rule.locator('.el-select').click();
  await page.locator('.el-select-dropdown:visible li', { hasText: '发起人' }).first().click();
  await button(people, '确定').click();
  await people.waitFor({ state: 'hidden' });
  await button(await panelSection(page, '按钮配置'), '选择按钮').click();
  const buttons = dialog(page, '选择常用按钮');
  await buttons.locator('tr.vxe-body--row', { hasText: '_flow_agree' }).first().waitFor({ timeout: 15000 });
  await buttons.locator('tr.vxe-body--row', { hasText: '_flow_agree' }).first().locator('.vxe-cell--checkbox, .vxe-cell--radio').first().click();
  await buttons.locator('.el-dialog__footer button', { hasText: /确\s*定/ }).click();
  await buttons.waitFor({ state: 'hidden' });
  // publish: 保存并发布, confirmed
  ctx.watcher.take();
  await button(page, '保存并发布').click();
  await page.locator('.el-message-box:visible button', { hasText: '确定' }).click();
  await success(page, '发布成功');
  await settled(page, ctx.watcher);
  expect(!ctx.watcher.take().length, 'the process is saved and deployed without a failed call');
  // the designer stays open: close it, the model list shows the process
  const designer = dialog(page, 'JEEPLUS 流程设计器');
  await designer.locator(':scope > .el-dialog__header > .el-dialog__headerbtn').click();
  await designer.waitFor({ state: 'hidden' });
  await page.locator('.vxe-table--main-wrapper tr.vxe-body--row:visible', { hasText: name }).first().waitFor({ timeout: 15000 });
  // start: 发起流程, the process's card, its title, 启动
  await open(ctx, '发起流程', ['流程管理']);
  await page.locator('.actCard button:visible', { hasText: name }).first().click();
  await eventually(() => route(page) === '/flowable/task/TaskForm', 'the start form opens', 15000);
  await settled(page, ctx.watcher);
  await page.locator('.el-form-item:visible', { has: page.locator('.el-form-item__label', { hasText: '流程标题' }) }).locator('input').fill(title);
  await button(page, '启动').click();
  await eventually(() => route(page) === '/flowable/task/TodoList', 'the client goes to 待办任务 once started', 20000);
  await settled(page, ctx.watcher);
  // approve: the task in 待办任务, 办理, 同意
  const row = page.locator('.vxe-table--main-wrapper tr.vxe-body--row:visible', { hasText: title }).first();
  await row.waitFor({ timeout: 20000 });
  await (await rowButton(page, title, '办理')).click();
  await eventually(() => route(page) === '/flowable/task/TaskForm', 'the task form opens', 15000);
  await settled(page, ctx.watcher);
  await button(page, '同意').click();
  await eventually(() => route(page) === '/flowable/task/TodoList', 'the client goes back to 待办任务 once approved', 20000);
  await settled(page, ctx.watcher);
  const failures = [...ctx.watcher.take(), ...(await errorToasts(page))];
  expect(!failures.length, `start and approval: ${failures.join('; ')}`);
  const mine = await api(page, `/flowable/task/myApplyed?title=${encodeURIComponent(title)}`);
  const instance = mine.body?.records?.[0];
  expect(instance?.endTime && instance.status === '已结束' && instance.processDefinitionName === name, `the request is approved and ended: ${JSON.stringify(instance)}`);
}

export const ACTIONS = [
  { name: 'create a user in a department', run: createUser },
  { name: 'create a dictionary with values', run: createDictionary },
  { name: 'create a role with menu rights', run: createRoleWithRights },
  { name: 'design, sync and generate a table', run: designSyncAndGenerateTable },
  { name: 'design and publish a form', run: designAndPublishForm },
  { name: 'draw, publish, start and approve a process', run: drawPublishStartAndApprove },
];

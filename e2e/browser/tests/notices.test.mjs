// 我的通知 (issue 27): the page behind the header bell's "view all" lists all of my notices, read
// and unread, a page at a time; one is marked read, one opens its task, then all are marked read,
// and the bell follows; in zh-CN and in en-US.
import { adminCredentials, eventually, expect, screenshot } from '../lib/harness.mjs';
import { Api, bpmn, flow, nodeExtension } from '../lib/api.mjs';
import { adminPage } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const admin = adminCredentials();
const REQUESTS = 12;

const TEXT = {
  'zh-CN': { title: '我的通知', unread: (n) => `未读 ${n} 条`, total: (n) => `共 ${n} 条`, onlyUnread: '未读', all: '全部', read: '已读', empty: '暂无通知', readAll: '全部已读', viewAll: '查看全部', kind: '待办' },
  'en-US': { title: 'My notices', unread: (n) => `${n} unread`, total: (n) => `${n} in all`, onlyUnread: 'Unread', all: 'All', read: 'Read', empty: 'No notices', readAll: 'Mark all read', viewAll: 'View all', kind: 'Task' },
};

/** A user who starts the requests the administrator handles; her API client. */
async function starter(api, nick) {
  const loginName = `nt-${sfx}-${nick}`;
  const password = 'e2e-notices-1';
  await api.call('POST', '/sys/user/save', { json: { loginName, name: `通知员工${nick}${sfx}`, password, roleIdList: ['employee'] } });
  return Api.login(api.base, loginName, password);
}

export default ['zh-CN', 'en-US'].map((locale) => ({
  name: `notices: 我的通知 lists every notice a page at a time; mark one read, open a task, mark all read; the bell follows (${locale})`,
  alone: true, // counts the administrator's notices: no other lane's test may add one meanwhile
  run: async (ctx) => {
    const text = TEXT[locale];
    const api = await Api.login(ctx.base, admin.user, admin.password);
    const me = await api.userId(admin.user);
    const key = `nt_${sfx}_${locale.slice(0, 2)}`;
    const xml = bpmn(key, `通知页${sfx}`, '<startEvent id="start" flowable:initiator="applyUserId"/><userTask id="check" name="审核"/><endEvent id="end"/>' + flow('f1', 'start', 'check') + flow('f2', 'check', 'end'));
    await api.deployModel({ key, name: `通知页${sfx}`, xml, nodes: [nodeExtension(key, 'check', [['user', me]])] });
    const emp = await starter(api, locale.slice(0, 2));
    await api.call('PUT', '/flowable/notice/read');
    // given twelve requests waiting for the administrator: twelve unread task notices
    const titles = [];
    for (let i = 1; i <= REQUESTS; i += 1) {
      titles.push(`通知页${sfx}-${locale}-${String(i).padStart(2, '0')}`);
      await emp.call('POST', '/flowable/task/start', { params: { procDefKey: key, title: titles[i - 1] } });
    }
    await eventually(async () => (await api.get('/flowable/notice/unread')).count === REQUESTS, 'twelve notices are unread', 30000);

    // when the administrator opens 我的通知 from the bell
    const page = await adminPage(ctx, `notices-admin-${locale}`, { locale });
    ctx.shared.page = page;
    await page.goto(ctx.base + '/');
    const bell = page.locator('.loom-header [data-action="notices"]');
    await eventually(async () => (await bell.getAttribute('data-count')) === String(REQUESTS), 'the bell counts twelve', 20000);
    await bell.click();
    await page.locator('.loom-notice-panel [data-action="notice-view-all"]', { hasText: text.viewAll }).click();
    await page.waitForURL((u) => u.pathname === '/flowable/notice/NoticeList', { timeout: 10000 });
    const list = page.locator('[data-page="/flowable/notice/NoticeList"] .loom-notice-list');
    await list.locator('.ant-card-head', { hasText: text.title }).waitFor({ timeout: 15000 });
    const unreadText = list.locator('[data-field="notice-unread"]');
    await eventually(async () => (await unreadText.innerText()) === text.unread(REQUESTS), 'the page counts twelve unread');

    // then the unread ones come ten to a page, newest first, each a task by its kind
    await list.locator('[data-field="notice-filter"]').getByText(text.onlyUnread, { exact: true }).click();
    const rows = list.locator('.ant-table-row.loom-notice-row');
    // the list before the filter also starts with the newest ten: the pager's twelve says the filter is applied
    const pager = list.locator('.ant-pagination-total-text', { hasText: text.total(REQUESTS) });
    await eventually(
      async () => (await pager.isVisible()) && (await rows.count()) === 10 && (await rows.first().innerText()).includes(titles[REQUESTS - 1]),
      'the newest ten of twelve on page one',
    );
    expect((await rows.first().innerText()).includes(text.kind), `a task notice shows its kind (${text.kind})`);
    await screenshot(page, `notices-1-list-${locale}`);
    await list.locator('.ant-pagination-item-2').click();
    await eventually(async () => (await rows.count()) === 2 && (await rows.last().innerText()).includes(titles[0]), 'the oldest two on page two');

    // when one is marked read, it leaves the unread list and the bell counts one less
    await rows.filter({ hasText: titles[0] }).locator('[data-action="notice-mark-read"]').click();
    await eventually(async () => (await unreadText.innerText()) === text.unread(REQUESTS - 1), 'eleven unread');
    await eventually(async () => (await bell.getAttribute('data-count')) === String(REQUESTS - 1), 'the bell counts eleven');
    await list.locator('[data-field="notice-filter"]').getByText(text.all, { exact: true }).click();
    await list.locator('.ant-pagination-item-2').click();
    await eventually(async () => (await rows.filter({ hasText: titles[0] }).locator('.ant-tag', { hasText: text.read }).count()) === 1, 'listed as read among all');

    // when a task's notice is opened, its task page opens and it is read
    await list.locator('.ant-pagination-item-1').click();
    const newest = rows.filter({ hasText: titles[REQUESTS - 1] });
    await newest.locator('[data-action="notice-open"]').click();
    await page.waitForURL((u) => u.pathname === '/flowable/task/TaskForm', { timeout: 10000 });
    const task = page.locator('[data-page="/flowable/task/TaskForm"] .loom-task-page');
    await task.locator('.loom-task-buttons button').first().waitFor({ timeout: 15000 });
    expect(new URL(page.url()).searchParams.get('title') === titles[REQUESTS - 1], 'the task of that request');
    await eventually(async () => (await bell.getAttribute('data-count')) === String(REQUESTS - 2), 'the bell counts ten');
    await screenshot(page, `notices-2-task-${locale}`);

    // when all are marked read, none is left unread, on the page and on the bell
    await page.goto(ctx.base + '/flowable/notice/NoticeList');
    const readAll = list.locator('[data-action="notice-list-read-all"]');
    expect((await readAll.innerText()).trim() === text.readAll, `the button reads ${text.readAll}`);
    await readAll.click();
    await eventually(async () => (await unreadText.innerText()) === text.unread(0), 'none unread');
    await eventually(async () => (await bell.getAttribute('data-count')) === '0', 'the bell counts none');
    await list.locator('[data-field="notice-filter"]').getByText(text.onlyUnread, { exact: true }).click();
    await list.locator('.ant-table-placeholder', { hasText: text.empty }).waitFor({ timeout: 10000 });
    expect((await api.get('/flowable/notice/list', { current: 1, size: 1 })).total >= REQUESTS, 'read notices stay listed');
    await screenshot(page, `notices-3-all-read-${locale}`);
  },
}));

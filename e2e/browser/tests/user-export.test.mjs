// The user list's export (issue 24): what the search form asks for is what the file holds, as the
// list shows it, when no row is ticked. The list's export menu (issue 36) writes every row the search
// finds or the ticked rows, never only the page on screen.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { eventually, expect, tick } from '../lib/harness.mjs';
import { adminPage as signedInAdmin, openPage as open, pageApi as api } from '../lib/session.mjs';

// SheetJS from the frontends' workspace (the browser tests have no packages of their own)
const XLSX = createRequire(new URL('../../../frontends/package.json', import.meta.url))('xlsx');

const sfx = Date.now().toString(36);

export default [
  {
    name: "users: the export without ticked rows holds the users of the search form's login name, as the list",
    run: async (ctx) => {
      const page = await signedInAdmin(ctx, 'userExportPage');
      const login = `exp_${sfx}`;
      for (const n of ['a', 'b']) {
        const saved = await api(page, 'POST', '/sys/user/save', {
          loginName: `${login}_${n}`, name: `导出${n}${sfx}`, password: 'browser-export-pw', companyDTO: { id: '1' },
        });
        expect(saved.status === 200, `user ${n} is created (${saved.status})`);
      }
      const scope = await open(ctx, page, '/sys/user/UserList');
      const search = scope.locator('.ant-pro-table-search [id="loginName"]').first();
      await search.fill(login);
      const listed = page.waitForResponse((r) => r.url().includes('/api/sys/user/list') && r.url().includes(login));
      await search.press('Enter');
      await listed;
      await scope.locator('.ant-table-row', { hasText: `${login}_b` }).first().waitFor({ timeout: 15000 });
      // when the list is exported with no row ticked
      const asked = page.waitForRequest((r) => r.url().includes('/api/sys/user/export'));
      const [download] = await Promise.all([page.waitForEvent('download'), scope.locator('[data-action="export-xlsx"]').click()]);
      // then the request carries the search and the file holds the two users the list shows, no other
      expect((await asked).url().includes(`loginName=${login}`), `the export asks for the search (${(await asked).url()})`);
      const book = XLSX.readFile(await download.path());
      const rows = XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1 }).slice(1);
      const logins = rows.map((r) => r.find((v) => typeof v === 'string' && v.startsWith(login))).sort();
      expect(JSON.stringify(logins) === JSON.stringify([`${login}_a`, `${login}_b`]), `the file holds the searched users only (${JSON.stringify(rows)})`);
    },
  },
  {
    name: "users: the list's export menu writes every row the search finds, not the page on screen, or the ticked rows",
    run: async (ctx) => {
      const page = await signedInAdmin(ctx, 'userExportPage');
      // given eleven users found by one search, the list on its second page (one row on it)
      const login = `pg_${sfx}`;
      for (let i = 10; i <= 20; i += 1) {
        const saved = await api(page, 'POST', '/sys/user/save', {
          loginName: `${login}_${i}`, name: `翻页${i}`, password: 'browser-export-pw', companyDTO: { id: '1' },
        });
        expect(saved.status === 200, `user ${i} is created (${saved.status})`);
      }
      const scope = await open(ctx, page, '/sys/user/UserList');
      const search = scope.locator('.ant-pro-table-search [id="loginName"]').first();
      await search.fill(login);
      await search.press('Enter');
      await scope.locator('.ant-pagination-item-2').click();
      await eventually(async () => (await scope.locator('.ant-table-row').count()) === 1, 'page 2 shows one row');
      const onScreen = (await scope.locator('.ant-table-row').first().innerText()).match(new RegExp(`${login}_\\d+`))?.[0];
      // when every row is exported as CSV from the export menu
      const choose = async (choice) => {
        await scope.locator('[data-action="export"]').click();
        const item = page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) [data-export="${choice}"]`);
        const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), item.click()]);
        return readFileSync(await download.path(), 'utf8').split('\r\n').slice(1);
      };
      const logins = (lines) => lines.map((l) => l.match(new RegExp(`${login}_\\d+`))?.[0]).filter(Boolean).sort();
      const every = await choose('all-csv');
      // then the file holds the eleven users, not the one on screen
      const expected = Array.from({ length: 11 }, (_, i) => `${login}_${i + 10}`);
      expect(JSON.stringify(logins(every)) === JSON.stringify(expected), `the file holds every searched user (${JSON.stringify(every)})`);
      // and once that row is ticked, the ticked rows' export holds it alone, its 状态 in words
      await tick(scope.locator('.ant-table-row .ant-checkbox-input').first());
      const ticked = await choose('selected-csv');
      expect(JSON.stringify(logins(ticked)) === JSON.stringify([onScreen]), `the file holds the ticked user (${JSON.stringify(ticked)})`);
      expect(ticked[0]?.includes('正常') && !ticked[0]?.endsWith(',1'), `the login flag is written as its label (${ticked[0]})`);
    },
  },
];

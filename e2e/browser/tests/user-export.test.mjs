// The user list's export (issue 24): what the search form asks for is what the file holds, as the
// list shows it, when no row is ticked.
import { createRequire } from 'node:module';
import { expect } from '../lib/harness.mjs';
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
];

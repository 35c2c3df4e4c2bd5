// The client's side menu: the pages it lists for the signed-in user, opening one as a user does,
// and the route the client then shows.

/** The hash route the client shows (its router runs in hash mode), without the query. */
export function route(page) {
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#/, '').split('?')[0]);
}

/** The page menus of the signed-in user as the client keeps them (sessionStorage.allMenuList). */
export async function menuPages(page) {
  const tree = await page.evaluate(() => JSON.parse(sessionStorage.getItem('allMenuList') || '[]'));
  const pages = [];
  const walk = (nodes, parents) => {
    for (const n of nodes) {
      if (n.children?.length) walk(n.children, [...parents, n.name]);
      else if (n.href) pages.push({ name: n.name, href: n.href, parents });
    }
  };
  walk(tree, []);
  return pages;
}

/** Opens a menu page the way a user does: its directory in the side menu, then the page. */
export async function openMenu(ctx, name, parents = []) {
  const { page } = ctx;
  const sidebar = page.locator('.jp-sidebar');
  const item = sidebar.locator('li.el-menu-item', { has: page.locator(`span:text-is("${name}")`) }).first();
  for (const dir of parents) {
    const title = sidebar.locator('.el-submenu__title', { has: page.locator(`span:text-is("${dir}")`) }).first();
    const open = await title.evaluate((el) => el.parentElement.classList.contains('is-opened'));
    if (!open) await title.click();
  }
  await item.waitFor({ state: 'visible', timeout: 10000 });
  await item.click();
}

import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Breadcrumb, Button, Dropdown, Grid, Layout, Menu, Spin, Tabs, App, Avatar, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  DownOutlined,
  FileOutlined,
  FolderOutlined,
  GlobalOutlined,
  HomeOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MenuIcon, PageActiveProvider, PageCloseProvider, PageTitleProvider, areaOfHref, getLang, logout, setLang, useSession, type Lang, type MenuNode } from '@loom/ui/core';
import { HOME_HREF, currentHref, findMenuByHref, isExternal, menuPath, normaliseHref, visibleMenus } from './menu';
import { RemotePage } from './remotes';
import { prefetchMenuPages } from './prefetch';
import { GeneratedModulePage, loadGeneratedModules } from './generated';
import { AREAS } from '../../../federation.shared';
import { Home } from './Home';
import { goToLogin } from '../nav';
import { ChangePasswordDialog, ProfileDialog } from './UserDialogs';
import { NoticeBell } from './NoticeBell';
import { NOTICES_HREF } from './notices';
import { GUIDE_HREF } from '../pages/guide/href';

const BUILT_IN = new Set(AREAS);

const IconList = lazy(() => import('../pages/IconList'));
const NoticeList = lazy(() => import('../pages/NoticeList'));
const GuidePage = lazy(() => import('../pages/guide'));

export const ICON_HREF = '/gen/icon/IconList';

interface OpenTab {
  key: string;
  path: string;
  search: string;
  /** The title the page announced (`usePageTitle`), for pages without a menu entry. */
  title?: string;
}

function toMenuItems(nodes: MenuNode[]): NonNullable<MenuProps['items']> {
  return nodes.map((n) => {
    const icon = <MenuIcon icon={n.icon} fallback={n.children?.length ? <FolderOutlined /> : <FileOutlined />} />;
    if (n.children?.length) return { key: n.id, icon, label: n.name, children: toMenuItems(n.children) };
    return { key: n.id, icon, label: <span data-href={normaliseHref(n.href)}>{n.name}</span> };
  });
}

function PageContent({ path, search, menus }: { path: string; search: string; menus: MenuNode[] }) {
  const query = useMemo(() => new URLSearchParams(search), [search]);
  const menu = findMenuByHref(menus, path, search);
  if (path === '/' || path === '') return <Home />;
  if (path === ICON_HREF)
    return (
      <Suspense fallback={<Spin />}>
        <IconList />
      </Suspense>
    );
  if (path === NOTICES_HREF)
    return (
      <Suspense fallback={<Spin />}>
        <NoticeList />
      </Suspense>
    );
  if (path === GUIDE_HREF)
    return (
      <Suspense fallback={<Spin />}>
        <GuidePage />
      </Suspense>
    );
  const area = areaOfHref(path);
  // not a built-in area: a generated module's remote (registered at run time), or none
  if (!area || !BUILT_IN.has(area)) return <GeneratedModulePage href={path} menu={menu} query={query} />;
  return <RemotePage area={area} href={path} menu={menu} query={query} />;
}

/** Layout: collapsible side menu from `menuList`, breadcrumbs, open-page tabs, language and user menus. */
export function PortalLayout({ loading = false }: { loading?: boolean }) {
  const { t } = useTranslation('shell');
  const { modal } = App.useApp();
  const s = useSession();
  const navigate = useNavigate();
  const loc = useLocation();
  const menus = useMemo(() => visibleMenus(s.menuList), [s.menuList]);
  // the generated modules' pages the user may open, read with the menus (login, menu changes)
  useEffect(() => {
    if (s.menuList.length) void loadGeneratedModules(true);
  }, [s.menuList]);
  const [collapsed, setCollapsed] = useState(false);
  // a phone-sized screen: the menu is hidden until asked for, and closes once a page is chosen
  const phone = Grid.useBreakpoint().md === false;
  useEffect(() => setCollapsed(phone), [phone]);
  const [tabs, setTabs] = useState<OpenTab[]>([]);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const [dialog, setDialog] = useState<'profile' | 'password' | null>(null);
  // the menu's 首页 (the JeePlus client's home view) is the shell's own home
  const path = loc.pathname === HOME_HREF ? '/' : loc.pathname;
  // a former href (a bookmark from before the menu named the JeePlus client's views) leads to its page
  const moved = currentHref(loc.pathname, loc.search);
  useEffect(() => {
    if (moved) navigate(moved, { replace: true });
  }, [moved, navigate]);

  // every visited page gets a tab (the home tab is always there)
  useEffect(() => {
    if (path === '/' || moved) return;
    setTabs((prev) => {
      const i = prev.findIndex((x) => x.key === path);
      if (i >= 0) {
        if (prev[i]?.search === loc.search) return prev;
        const next = [...prev];
        next[i] = { key: path, path, search: loc.search };
        return next;
      }
      return [...prev, { key: path, path, search: loc.search }];
    });
  }, [path, loc.search, moved]);

  useEffect(() => {
    if (menus.length) performance.mark('loom:menu');
    prefetchMenuPages(menus);
  }, [menus]);

  const crumbs = useMemo(() => menuPath(menus, path === '/' ? HOME_HREF : path, loc.search), [menus, path, loc.search]);
  const current = crumbs[crumbs.length - 1];
  useEffect(() => {
    if (crumbs.length > 1) setOpenKeys((prev) => Array.from(new Set([...prev, ...crumbs.slice(0, -1).map((c) => c.id)])));
  }, [crumbs]);

  const titleOf = useCallback(
    (p: string, search = '') => {
      if (p === '/') return t('home');
      const m = findMenuByHref(menus, p, search);
      if (m) return m.name;
      if (p === ICON_HREF) return t('iconTitle');
      if (p === NOTICES_HREF) return t('noticesTitle');
      if (p === GUIDE_HREF) return t('guideTitle');
      return p.split('/').pop() ?? p;
    },
    [menus, t],
  );

  /** A page's own title wins over the menu's name and the href (a task page names its process). */
  const tabTitle = useCallback((tab: OpenTab) => tab.title || titleOf(tab.path, tab.search), [titleOf]);

  const setTabTitle = useCallback((key: string, title: string) => {
    setTabs((prev) => (prev.some((x) => x.key === key && x.title !== title) ? prev.map((x) => (x.key === key ? { ...x, title } : x)) : prev));
  }, []);

  const currentTitle = tabs.find((x) => x.key === path)?.title || titleOf(path, loc.search);
  useEffect(() => {
    document.title = `${currentTitle} - Loom`;
  }, [currentTitle]);

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    const node = menus.length ? findMenuById(menus, key) : undefined;
    if (!node?.href) return;
    if (isExternal(node.href)) {
      window.open(node.href, '_blank', 'noopener');
      return;
    }
    navigate(normaliseHref(node.href));
    if (phone) setCollapsed(true);
  };

  /** Closes a tab; the current one hands over to `then` (a page closing itself), else its neighbour. */
  const closeTab = (key: string, then?: string) => {
    setTabs((prev) => {
      const i = prev.findIndex((x) => x.key === key);
      const next = prev.filter((x) => x.key !== key);
      if (key === path && !then) {
        const neighbour = next[i] ?? next[i - 1];
        navigate(neighbour ? neighbour.path + neighbour.search : '/');
      }
      return next;
    });
    if (then) navigate(then);
  };

  const lang = getLang();
  const langMenu: MenuProps = {
    selectedKeys: [lang],
    items: [
      { key: 'zh-CN', label: '简体中文' },
      { key: 'en-US', label: 'English' },
    ],
    onClick: ({ key }) => setLang(key as Lang),
  };

  const userMenu: MenuProps = {
    items: [
      { key: 'profile', icon: <UserOutlined />, label: t('profile') },
      { key: 'password', icon: <KeyOutlined />, label: t('changePassword') },
      { type: 'divider' },
      { key: 'logout', icon: <LogoutOutlined />, label: t('logout') },
    ],
    onClick: ({ key }) => {
      if (key === 'logout') {
        modal.confirm({
          title: t('logout'),
          content: t('logoutConfirm'),
          onOk: async () => {
            await logout();
            goToLogin('/');
          },
        });
      } else setDialog(key as 'profile' | 'password');
    },
  };

  const tabItems = [
    { key: '/', path: '/', search: '' },
    ...tabs,
  ].map((tab) => ({
    key: tab.key,
    label: <span data-tab={tab.key}>{tabTitle(tab)}</span>,
    closable: tab.key !== '/',
    children: (
      <PageActiveProvider active={tab.key === path}>
        <PageTitleProvider onTitle={(title) => setTabTitle(tab.key, title)}>
          <PageCloseProvider onClose={(then) => closeTab(tab.key, then)}>
            <div className="loom-page" data-page={tab.key}>
              <PageContent path={tab.path} search={tab.search} menus={menus} />
            </div>
          </PageCloseProvider>
        </PageTitleProvider>
      </PageActiveProvider>
    ),
  }));

  const breadcrumbItems: Array<{ title: ReactNode }> = [
    { title: <HomeOutlined onClick={() => navigate('/')} style={{ cursor: 'pointer' }} /> },
    ...(path === '/' ? [{ title: t('home') }] : crumbs.length ? crumbs.map((c) => ({ title: c.name })) : [{ title: currentTitle }]),
  ];

  return (
    <Layout className={`loom-layout${phone ? ' loom-phone' : ''}`}>
      <Layout.Sider collapsible collapsed={collapsed} collapsedWidth={phone ? 0 : 80} trigger={null} width={220} className="loom-sider" theme="dark">
        <div className="loom-logo" onClick={() => navigate('/')}>
          <AppstoreOutlined />
          {!collapsed ? <span>Loom</span> : null}
        </div>
        {loading ? (
          <div className="loom-menu-loading">
            <Spin size="small" />
          </div>
        ) : null}
        <Menu
          theme="dark"
          mode="inline"
          className="loom-side-menu"
          items={toMenuItems(menus)}
          selectedKeys={current ? [current.id] : []}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={(keys) => setOpenKeys(keys as string[])}
          onClick={onMenuClick}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="loom-header">
          <Button
            type="text"
            aria-label={t('collapse')}
            data-action="toggle-menu"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed((c) => !c)}
          />
          <Breadcrumb className="loom-breadcrumb" items={breadcrumbItems} />
          <div className="loom-header-right">
            <Button type="text" icon={<QuestionCircleOutlined />} data-action="help" aria-label={t('help')} onClick={() => navigate(GUIDE_HREF)}>
              {phone ? null : t('help')}
            </Button>
            <NoticeBell />
            <Dropdown menu={langMenu} trigger={['click']}>
              <Button type="text" icon={<GlobalOutlined />} data-action="lang">
                {lang === 'zh-CN' ? '简体中文' : 'English'}
              </Button>
            </Dropdown>
            <Dropdown menu={userMenu} trigger={['click']}>
              <Button type="text" data-action="user-menu">
                <Avatar size="small" src={s.user?.photo || undefined} icon={<UserOutlined />} /> {s.user?.name ?? s.user?.loginName ?? ''} <DownOutlined />
              </Button>
            </Dropdown>
          </div>
        </Layout.Header>
        <Layout.Content className="loom-content">
          <Tabs
            className="loom-tabs"
            type="editable-card"
            hideAdd
            size="small"
            activeKey={path}
            onChange={(key) => {
              const tab = tabs.find((x) => x.key === key);
              navigate(tab ? tab.path + tab.search : key);
            }}
            onEdit={(key, action) => action === 'remove' && typeof key === 'string' && closeTab(key)}
            items={tabItems}
            destroyOnHidden={false}
          />
        </Layout.Content>
      </Layout>
      <ProfileDialog open={dialog === 'profile'} onClose={() => setDialog(null)} />
      <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
    </Layout>
  );
}

function findMenuById(nodes: MenuNode[], id: string): MenuNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findMenuById(n.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
}

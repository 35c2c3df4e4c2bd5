import type { RemoteRoutes } from '@loom/ui';
import './locales';

/** Pages of the sys area, keyed by menu href (docs/wire.md "Seeded menus"). */
const routes: RemoteRoutes = {
  '/sys/user/UserList': () => import('./pages/user'),
  '/sys/office/OfficeList': () => import('./pages/office'),
  '/sys/role/RoleList': () => import('./pages/role'),
  '/sys/post/PostList': () => import('./pages/post'),
  '/sys/area/AreaList': () => import('./pages/area'),
  '/sys/menu/MenuList': () => import('./pages/menu'),
  '/sys/dict/DictTypeList': () => import('./pages/dict'),
  '/sys/log/LogList': () => import('./pages/log'),
  '/sys/config/SysConfig': () => import('./pages/config'),
  '/sys/file/index': () => import('./pages/file'),
};

export default routes;

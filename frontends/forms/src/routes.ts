import type { RemoteRoutes } from '@loom/ui';
import './locales';

/** Pages of the forms area, keyed by menu href (docs/wire.md "Seeded menus"). */
const routes: RemoteRoutes = {
  '/form/MakeFormList': () => import('./pages/form-make'),
  // the menu a form's createMenu writes: /form/GenerateList?id=<id> (the JeePlus client's view)
  '/form/GenerateList': () => import('./pages/generate-list'),
  '/flowable/form/FormDefinitionList': () => import('./pages/form-definition'),
};

export default routes;

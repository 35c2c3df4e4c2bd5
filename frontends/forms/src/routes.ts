import type { RemoteRoutes } from '@loom/ui';
import './locales';

/** Pages of the forms area, keyed by menu href (docs/wire.md "Seeded menus"). */
const routes: RemoteRoutes = {
  '/form/make/FormMakeList': () => import('./pages/form-make'),
  // the menu a form's createMenu writes: /form/generate/GenerateFormList?formId=<id>
  '/form/generate/GenerateFormList': () => import('./pages/generate-list'),
  '/extension/formDefinition/FormDefinitionList': () => import('./pages/form-definition'),
};

export default routes;

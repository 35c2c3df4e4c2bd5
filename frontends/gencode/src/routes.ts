import type { RemoteRoutes } from '@loom/ui';
import './locales';

/** Pages of the gencode area, keyed by menu href (docs/wire.md "Seeded menus"). */
const routes: RemoteRoutes = {
  '/gen/GenTableList': () => import('./pages/gen-table'),
  '/database/datalink/DataSourceList': () => import('./pages/datasource'),
  '/database/datatable/Table': () => import('./pages/database-table'),
  '/database/datamodel/DataSetList': () => import('./pages/data-set'),
  '/gen/GenValidateTypeList': () => import('./pages/validate-type'),
  '/gen/GenShowTypeList': () => import('./pages/show-type'),
  '/gen/GenQueryTypeList': () => import('./pages/query-type'),
  '/gen/GenDataBaseTypeList': () => import('./pages/database-type'),
  '/gen/GenCustomObjList': () => import('./pages/custom-obj'),
  '/gen/GenCodeParamList': () => import('./pages/code-param'),
  '/gen/template/TemplateList': () => import('./pages/template-group'),
};

export default routes;

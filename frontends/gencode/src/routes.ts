import type { RemoteRoutes } from '@loom/ui';
import './locales';

/** Pages of the gencode area, keyed by menu href (docs/wire.md "Seeded menus"). */
const routes: RemoteRoutes = {
  '/gencode/table/GenTableList': () => import('./pages/gen-table'),
  '/database/datalink/DataSourceList': () => import('./pages/datasource'),
  '/database/table/DataTableList': () => import('./pages/database-table'),
  '/database/datamodel/DataSetList': () => import('./pages/data-set'),
  '/gencode/validateType/ValidateTypeList': () => import('./pages/validate-type'),
  '/gencode/showType/ShowTypeList': () => import('./pages/show-type'),
  '/gencode/queryType/QueryTypeList': () => import('./pages/query-type'),
  '/gencode/dataBaseType/DataBaseTypeList': () => import('./pages/database-type'),
  '/gen/GenCustomObjList': () => import('./pages/custom-obj'),
  '/gencode/codeParam/CodeParamForm': () => import('./pages/code-param'),
  '/gencode/templateGroup/TemplateGroupList': () => import('./pages/template-group'),
};

export default routes;

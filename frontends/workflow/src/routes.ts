import type { RemoteRoutes } from '@loom/ui';

/** Pages of the workflow area, keyed by menu href (docs/wire.md "Seeded menus"). */
const routes: RemoteRoutes = {
  // the process designer and the workflow administration screens
  '/flowable/process/ModelList': () => import('./pages/model'),
  '/flowable/process/DefinitionList': () => import('./pages/process-definition'),
  '/flowable/decision/DecisionList': () => import('./pages/decision'),
  '/flowable/externalTask/ExternalTaskList': () => import('./pages/external'),
  '/flowable/extension/ActCategoryList': () => import('./pages/category'),
  '/flowable/extension/ButtonList': () => import('./pages/button'),
  '/flowable/extension/ConditionList': () => import('./pages/condition'),
  '/flowable/extension/ListenerList': () => import('./pages/listener'),
  // the task center
  '/flowable/task/ProcessList': () => import('./pages/start'),
  '/flowable/task/TodoList': () => import('./pages/todo'),
  '/flowable/task/HistoryList': () => import('./pages/historic'),
  '/flowable/task/ApplyList': () => import('./pages/apply'),
  '/flowable/task/TaskForm': () => import('./pages/task'),
  '/flowable/task/TaskFormDetail': () => import('./pages/task/detail'),
  '/flowable/extension/FlowCopyList': () => import('./pages/copy'),
  '/flowable/process/RunningList': () => import('./pages/running'),
  '/flowable/process/HistoryList': () => import('./pages/history'),
  '/flowable/analytics/ProcessAnalytics': () => import('./pages/analytics'),
  '/flowable/home/TaskHome': () => import('./pages/home'),
};

export default routes;

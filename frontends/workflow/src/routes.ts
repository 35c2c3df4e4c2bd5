import type { RemoteRoutes } from '@loom/ui';

/** Pages of the workflow area, keyed by menu href (docs/wire.md "Seeded menus"). */
const routes: RemoteRoutes = {
  // the process designer and the workflow administration screens
  '/flowable/model/ModelList': () => import('./pages/model'),
  '/flowable/process/ProcessDefinitionList': () => import('./pages/process-definition'),
  '/flowable/decision/DecisionList': () => import('./pages/decision'),
  '/flowable/externalTask/ExternalTaskList': () => import('./pages/external'),
  '/extension/actCategory/ActCategoryList': () => import('./pages/category'),
  '/extension/button/ButtonList': () => import('./pages/button'),
  '/extension/condition/ConditionList': () => import('./pages/condition'),
  '/extension/listener/ListenerList': () => import('./pages/listener'),
  // the task center
  '/flowable/task/ProcessStart': () => import('./pages/start'),
  '/flowable/task/TodoList': () => import('./pages/todo'),
  '/flowable/task/HistoricList': () => import('./pages/historic'),
  '/flowable/task/ApplyList': () => import('./pages/apply'),
  '/flowable/task/TaskForm': () => import('./pages/task'),
  '/flowable/task/TaskFormDetail': () => import('./pages/task/detail'),
  '/extension/flowCopy/FlowCopyList': () => import('./pages/copy'),
  '/flowable/instance/RunningList': () => import('./pages/running'),
  '/flowable/instance/HistoryList': () => import('./pages/history'),
  '/flowable/home/TaskHome': () => import('./pages/home'),
};

export default routes;

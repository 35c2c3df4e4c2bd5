import { http } from '@loom/ui';
import type {
  AllowedHosts,
  DecisionExecutionList,
  DecisionExecutionPublic,
  DecisionPage,
  DecisionPublic,
  DecisionTableAudit,
  ExecuteResult,
  Incident,
  IncidentList,
  LiteralExpressionAudit,
  RestVariable,
  WorkerToken,
} from '../../api/types';

/** A deployed decision (`/dmn-api/dmn-repository/decisions`). */
export type DecisionRow = DecisionPublic;
export type { Incident, RestVariable };

/** One decision of an evaluation's audit: a decision table's inputs, matched rules and outputs, or a
 * literal expression's output. */
export type DecisionAudit = DecisionTableAudit | LiteralExpressionAudit;
/** One evaluation of a decision (`/dmn-api/dmn-history/historic-decision-executions`). */
export type DecisionExecution = DecisionExecutionPublic;
/** What `POST /dmn-api/dmn-rule/execute` answers. */
export type { ExecuteResult };

/** The calls of the decision, external-task and incident screens (issue 37). */
export const workService = {
  decisions: (params: { key?: string; latest?: boolean }) =>
    http.get<DecisionPage>('/dmn-api/dmn-repository/decisions', { current: 1, size: -1, ...params }, { silent: true }),
  execute: (decisionKey: string, inputVariables: RestVariable[]) =>
    http.post<ExecuteResult>('/dmn-api/dmn-rule/execute', { decisionKey, inputVariables }, { loading: true }),
  executions: (instanceId: string) =>
    http.get<DecisionExecutionList>('/dmn-api/dmn-history/historic-decision-executions', { instanceId }),
  incidents: (procInsId?: string) => http.get<IncidentList>('/flowable/incident/list', procInsId ? { procInsId } : {}, { silent: true }),
  retryIncident: (id: string) => http.put<string>('/flowable/incident/retry', { id }),
  allowedHosts: () => http.get<AllowedHosts>('/flowable/connector/allowedHosts', {}, { silent: true }),
  issueToken: (id: string) => http.post<WorkerToken>(`/external-task/worker/token?id=${encodeURIComponent(id)}`, {}),
  unlock: (id: string) => http.post<unknown>(`/external-task/${encodeURIComponent(id)}/unlock`, {}),
  setRetries: (id: string, retries = 1) => http.request<unknown>(`/external-task/${encodeURIComponent(id)}/retries`, { method: 'PUT', data: { retries } }),
};

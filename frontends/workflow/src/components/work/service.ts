import { http } from '@loom/ui';

/** A deployed decision (`/dmn-api/dmn-repository/decisions`). */
export interface DecisionRow extends Record<string, unknown> {
  id: string;
  key: string;
  name?: string;
  version: number;
  versionTag?: string;
  deploymentId: string;
}

/** A variable of the DMN REST API. */
export interface RestVariable {
  name: string;
  type?: string | null;
  value: unknown;
}

/** One decision of an evaluation's audit: its inputs, the rules that matched, its outputs. */
export interface DecisionAudit {
  decisionKey: string;
  decisionName?: string;
  type: 'decisionTable' | 'literalExpression';
  hitPolicy?: string;
  aggregation?: string | null;
  inputs?: { id: string; label?: string; expression: string; value: unknown }[];
  matchedRules?: { ruleId: string; ruleNumber: number; outputs: Record<string, unknown> }[];
  outputs: Record<string, unknown>[];
}

/** One evaluation of a decision (`/dmn-api/dmn-history/historic-decision-executions`). */
export interface DecisionExecution {
  id: string;
  decisionKey: string;
  decisionName?: string;
  decisionVersion: number;
  activityId?: string;
  processInstanceId?: string;
  startTime?: string;
  audit?: { decisions: DecisionAudit[]; result: Record<string, unknown>[] };
}

/** What `POST /dmn-api/dmn-rule/execute` answers. */
export interface ExecuteResult {
  resultVariables: RestVariable[][];
  decisionKey: string;
  decisionVersion: number;
  audit: DecisionAudit[];
}

/** An incident: a job out of retries (`/flowable/incident/list`). */
export interface Incident {
  id: string;
  type: 'failedExternalTask' | 'failedHttpCall' | 'failedJob';
  processInstanceId: string;
  activityId: string;
  activityName?: string;
  message?: string;
  topicName?: string;
  createTime?: string;
}

/** The calls of the decision, external-task and incident screens (issue 37). */
export const workService = {
  decisions: (params: { key?: string; latest?: boolean }) =>
    http.get<{ records: DecisionRow[] }>('/dmn-api/dmn-repository/decisions', { current: 1, size: -1, ...params }, { silent: true }),
  execute: (decisionKey: string, inputVariables: RestVariable[]) =>
    http.post<ExecuteResult>('/dmn-api/dmn-rule/execute', { decisionKey, inputVariables }, { loading: true }),
  executions: (instanceId: string) =>
    http.get<{ data: DecisionExecution[] }>('/dmn-api/dmn-history/historic-decision-executions', { instanceId }),
  incidents: (procInsId?: string) => http.get<{ data: Incident[] }>('/flowable/incident/list', procInsId ? { procInsId } : {}, { silent: true }),
  retryIncident: (id: string) => http.put<string>('/flowable/incident/retry', { id }),
  allowedHosts: () => http.get<{ hosts: string[] }>('/flowable/connector/allowedHosts', {}, { silent: true }),
  issueToken: (id: string) => http.post<{ id: string; name: string; token: string }>(`/external-task/worker/token?id=${encodeURIComponent(id)}`, {}),
  unlock: (id: string) => http.post<unknown>(`/external-task/${encodeURIComponent(id)}/unlock`, {}),
  setRetries: (id: string, retries = 1) => http.request<unknown>(`/external-task/${encodeURIComponent(id)}/retries`, { method: 'PUT', data: { retries } }),
};

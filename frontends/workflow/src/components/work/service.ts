import { http } from '@loom/ui';
import type { AllowedHosts, DecisionPage, DecisionPublic, Incident, IncidentList, RestVariable, WorkerToken } from '../../api/types';

/** A deployed decision (`/dmn-api/dmn-repository/decisions`). */
export type DecisionRow = DecisionPublic;
export type { Incident, RestVariable };

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

/** The calls of the decision, external-task and incident screens (issue 37). */
export const workService = {
  decisions: (params: { key?: string; latest?: boolean }) =>
    http.get<DecisionPage>('/dmn-api/dmn-repository/decisions', { current: 1, size: -1, ...params }, { silent: true }),
  execute: (decisionKey: string, inputVariables: RestVariable[]) =>
    http.post<ExecuteResult>('/dmn-api/dmn-rule/execute', { decisionKey, inputVariables }, { loading: true }),
  executions: (instanceId: string) =>
    http.get<{ data: DecisionExecution[] }>('/dmn-api/dmn-history/historic-decision-executions', { instanceId }),
  incidents: (procInsId?: string) => http.get<IncidentList>('/flowable/incident/list', procInsId ? { procInsId } : {}, { silent: true }),
  retryIncident: (id: string) => http.put<string>('/flowable/incident/retry', { id }),
  allowedHosts: () => http.get<AllowedHosts>('/flowable/connector/allowedHosts', {}, { silent: true }),
  issueToken: (id: string) => http.post<WorkerToken>(`/external-task/worker/token?id=${encodeURIComponent(id)}`, {}),
  unlock: (id: string) => http.post<unknown>(`/external-task/${encodeURIComponent(id)}/unlock`, {}),
  setRetries: (id: string, retries = 1) => http.request<unknown>(`/external-task/${encodeURIComponent(id)}/retries`, { method: 'PUT', data: { retries } }),
};

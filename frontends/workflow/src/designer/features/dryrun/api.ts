import { http } from '@loom/ui';
import type { NodeExtension } from '../../save/extensions';

export interface RuleOutcome {
  type: string;
  value: string;
  condition: string;
  operationType: string;
  applied: boolean;
  userIds: string[];
  users: string[];
}

export interface DryRunStep {
  seq: number;
  type: 'start' | 'task' | 'gateway' | 'event' | 'flow' | 'timer' | 'timerFired' | 'job' | 'end' | 'stop';
  nodeId: string;
  nodeName: string;
  activityType: string;
  at: string;
  reviewers: Array<{ id: string; name: string; loginName: string }>;
  rules: RuleOutcome[];
  reviewerSource: string;
  button: { code: string; name: string } | null;
  actedBy: string | null;
  /** The node the back button sent the task to (a dry run presses back once per node). */
  backTo?: string | null;
  timer: { kind: string; value: string; setAt: string; dueAt: string | null } | null;
  reason: string | null;
}

export interface DryRunResult {
  status: 'completed' | 'stopped' | 'waiting' | 'rejected';
  stoppedAt: string | null;
  reason: string | null;
  steps: DryRunStep[];
  activityIds: string[];
  flows: string[];
  variables: Record<string, unknown>;
}

export interface DryRunRequest {
  modelId?: string;
  bpmnXml: string;
  key: string;
  initiatorId: string;
  variables: Record<string, unknown>;
  buttons: Record<string, string>;
  /** node id -> where its back button sends the task (absent: the last node it may go back to) */
  backTo: Record<string, string>;
  extensions: NodeExtension[];
}

/** `POST /flowable/model/dryRun`: the server runs the diagram on a throwaway engine. */
export const dryRunApi = {
  run: (body: DryRunRequest) => http.post<DryRunResult>('/flowable/model/dryRun', body, { loading: true }),
};

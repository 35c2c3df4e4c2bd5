import { http } from '@loom/ui';
import type { NodeExtension } from '../../save/extensions';

/** The run's answer and its parts, as workflow's OpenAPI declares them. */
export type { DryRunResult, DryRunStep, RuleOutcome } from '../../../api/types';
import type { DryRunResult } from '../../../api/types';

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

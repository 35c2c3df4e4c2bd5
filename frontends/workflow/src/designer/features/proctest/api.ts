import { http } from '@loom/ui';
import type { ProcessCase, RunRequest, SavedSuite, SuiteResult } from '../../../api/types';

/** The process tests' calls: a model's draft cases read and saved, and cases run on a diagram. */
export const procTestApi = {
  /** The draft cases, or (`version` n) those deployed version n was published with. */
  load: (modelId: string, opts: { silent?: boolean; version?: number } = {}) =>
    http.get<SavedSuite>('/flowable/model/tests', { modelId, ...(opts.version ? { version: opts.version } : {}) }, { silent: opts.silent }),
  save: (modelId: string, cases: ProcessCase[]) => http.put<string>('/flowable/model/tests', { modelId }, { data: { cases }, loading: true }),
  /** Runs `cases` (absent: the saved ones) on `bpmnXml` (absent: the saved model); nothing is stored. */
  run: (body: RunRequest, opts: { silent?: boolean } = {}) => http.post<SuiteResult>('/flowable/model/tests/run', body, { loading: true, ...opts }),
};

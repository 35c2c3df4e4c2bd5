import { http } from '@loom/ui';
import type { ProcessCase, RunRequest, SavedSuite, SuiteResult } from '../../../api/types';

/** The process tests' calls: a model's draft cases read and saved, and cases run on a diagram. */
export const procTestApi = {
  load: (modelId: string) => http.get<SavedSuite>('/flowable/model/tests', { modelId }),
  save: (modelId: string, cases: ProcessCase[]) => http.put<string>('/flowable/model/tests', { modelId }, { data: { cases }, loading: true }),
  /** Runs `cases` (absent: the saved ones) on `bpmnXml` (absent: the saved model); nothing is stored. */
  run: (body: RunRequest) => http.post<SuiteResult>('/flowable/model/tests/run', body, { loading: true }),
};

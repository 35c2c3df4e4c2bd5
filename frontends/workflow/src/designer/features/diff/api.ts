import { http } from '@loom/ui';
import { definitionVersions } from '../../../api/definitions';
import type { DefinitionPublic, FlowChart } from '../../../api/types';

export type Version = DefinitionPublic;

/** Deployed versions of a key and their XML (seed 001 §7 process service). */
export const diffApi = {
  versions: (key: string): Promise<Version[]> => definitionVersions(key),
  xml: async (definitionId: string): Promise<string> =>
    (await http.get<FlowChart>('/flowable/process/getFlowChart', { processDefId: definitionId })).bpmnXml,
};

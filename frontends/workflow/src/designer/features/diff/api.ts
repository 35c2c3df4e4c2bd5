import { http, type Page } from '@loom/ui';

export interface Version {
  id: string;
  key: string;
  version: number;
}

/** Deployed versions of a key and their XML (seed 001 §7 process service). */
export const diffApi = {
  versions: async (key: string): Promise<Version[]> => {
    const page = await http.get<Page<Version>>('/flowable/process/list', { name: key, allVersions: '1', current: 1, size: -1 });
    return page.records.filter((r) => r.key === key).sort((a, b) => b.version - a.version);
  },
  xml: async (definitionId: string): Promise<string> =>
    (await http.get<{ bpmnXml: string }>('/flowable/process/getFlowChart', { processDefId: definitionId })).bpmnXml,
};

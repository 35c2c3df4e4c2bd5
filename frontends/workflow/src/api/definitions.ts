import { http, type Page } from '@loom/ui';
import type { DefinitionPublic } from './types';

/** Every deployed version of the process definitions (`/flowable/process/list` with allVersions), or of one
 * process key, newest version first: the version pickers of the diff view, instance migration and 流程分析. */
export async function definitionVersions(key?: string): Promise<DefinitionPublic[]> {
  const query = { ...(key ? { name: key } : {}), allVersions: '1', current: 1, size: -1 };
  const { records } = await http.get<Page<DefinitionPublic>>('/flowable/process/list', query);
  return key ? records.filter((r) => r.key === key).sort((a, b) => b.version - a.version) : records;
}

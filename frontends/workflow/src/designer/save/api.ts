import { http } from '@loom/ui';
import type { ModelEditor, ModelPublic } from '../../api/types';
import type { NodeExtension, NodeSetting } from './extensions';

/** The model the designer holds: as `/app/rest/models/{id}/editor/json` answers it (with its XML), or
 * as creating and saving it answer (without). */
export type EditorModel = ModelPublic & Partial<Pick<ModelEditor, 'bpmnXml'>>;

/** The designer's calls (seed 001 §7 "Model service", "Extension services"). */
export const designerApi = {
  editorJson: (id: string) => http.get<ModelEditor>(`/app/rest/models/${encodeURIComponent(id)}/editor/json`, { version: Date.now() }),
  create: (m: { key: string; name: string; description?: string; category?: string }) => http.post<ModelPublic>('/app/rest/models', { modelType: 0, ...m }),
  saveXml: (id: string, body: { json_xml: string; name: string; key: string; description: string; lastUpdated?: string | null }) =>
    http.post<ModelPublic>(`/flowable/model/saveModel/${encodeURIComponent(id)}`, { modeltype: 'model', newversion: false, comment: '', ...body }, { form: true, loading: true }),
  deploy: (id: string, category: string, overrideReason?: string) =>
    http.put<string>('/flowable/model/deploy', { id, category, ...(overrideReason ? { overrideReason } : {}) }, { loading: true }),
  exists: (key: string) => http.get<boolean>('/flowable/process/exist', { key }),
  saveExtensions: (items: NodeExtension[]) => http.post<string>('/extension/taskDefExtension/save', items),
  saveSettings: (items: NodeSetting[]) => http.post<string>('/extension/nodeSetting/save', items),
  extensionOf: (processDefId: string, taskDefId: string) =>
    http.get<Partial<NodeExtension> | null>('/extension/taskDefExtension/queryByDefIdAndTaskId', { processDefId, taskDefId }, { silent: true }),
  settingOf: (processDefId: string, taskDefId: string, key: string) =>
    http.get<string>('/extension/nodeSetting/queryValueByKey', { processDefId, taskDefId, key }, { silent: true }),
};

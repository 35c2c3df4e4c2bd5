import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { http, type ModulePublic } from '@loom/ui';
import type { LicensedTables } from '../../../../../gencode/src/api/types';

/** A live workflow-form module (seed 000 table type 6) whose form a node may show as its external form. */
export interface WorkflowFormModule {
  /** `<module>/<entity>`. */
  name: string;
  title: string;
  /** Its form address, as the generator's "Get workflow form address" answers it. */
  url: string;
}

const WORKFLOW_FORM = '6';

/**
 * The workflow-form tables of the code generator whose module the app host serves (a live version,
 * also while a newer one failed); a module's form address is `/<module>/<entity>/<Class>Form`, what
 * the generator's "Get workflow form address" answers. Read with the generator's rights, as that
 * action is: a module needs no menu to be a process's form.
 */
export async function liveWorkflowForms(): Promise<WorkflowFormModule[]> {
  const page = await http
    .get<LicensedTables>('/gencode/table/list', { current: 1, size: -1 }, { silent: true })
    .catch(() => null);
  const tables = (page?.result?.records ?? []).filter((r) => r.tableType === WORKFLOW_FORM && r.className);
  if (!tables.length) return [];
  const modules = await http
    .get<ModulePublic[]>('/apps/module/list', { tableIds: tables.map((r) => r.id).join(',') }, { silent: true })
    .catch(() => []);
  const byId = new Map(tables.map((r) => [r.id, r]));
  return (Array.isArray(modules) ? modules : []).flatMap((m) => {
    const table = byId.get(m.tableId);
    return table && m.liveVersion ? [{ name: m.name, title: table.comments || table.name, url: `/${m.name}/${table.className}Form` }] : [];
  });
}

/**
 * Chooses the external form's address among the live workflow-form modules (the address can still
 * be typed beside it, for a form served elsewhere).
 */
export function WorkflowFormModuleSelect({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const { t } = useTranslation('designer');
  const [forms, setForms] = useState<WorkflowFormModule[] | null>(null);
  useEffect(() => {
    let alive = true;
    void liveWorkflowForms().then((found) => alive && setForms(found));
    return () => {
      alive = false;
    };
  }, []);
  return (
    <div data-field="form-module">
    <Select
      showSearch
      allowClear
      loading={forms === null}
      value={forms?.some((f) => f.url === value) ? value : undefined}
      placeholder={t('panel.formModulePlaceholder')}
      notFoundContent={forms === null ? undefined : t('panel.noFormModule')}
      optionFilterProp="label"
      options={(forms ?? []).map((f) => ({ value: f.url, label: `${f.title} (${f.url})` }))}
      onChange={(url: string | undefined) => onChange(url ?? '')}
      style={{ width: '100%' }}
    />
    </div>
  );
}

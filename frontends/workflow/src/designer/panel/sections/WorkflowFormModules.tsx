import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { http, type GeneratedPages } from '@loom/ui';
import type { GeneratedModule } from '@loom/ui/core';

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
 * The app host's live modules the caller may open (`/apps/module/remotes`) that are workflow forms,
 * read from each one's pages; its form address is `/<module>/<entity>/<Class>Form`.
 */
export async function liveWorkflowForms(): Promise<WorkflowFormModule[]> {
  const live = await http.get<GeneratedModule[]>('/apps/module/remotes', undefined, { silent: true }).catch(() => []);
  const pages = await Promise.all(
    (Array.isArray(live) ? live : []).map((m) =>
      http
        .get<GeneratedPages & { className?: string }>('/apps/module/pages', { name: m.name }, { silent: true })
        .then((p) => ({ module: m, pages: p }))
        .catch(() => null),
    ),
  );
  return pages.flatMap((found) =>
    found && found.pages.tableType === WORKFLOW_FORM && found.pages.className
      ? [{ name: found.module.name, title: found.pages.title || found.module.name, url: `/${found.module.name}/${found.pages.className}Form` }]
      : [],
  );
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

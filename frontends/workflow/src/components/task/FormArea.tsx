import { forwardRef, useEffect, useState, type Ref } from 'react';
import { Alert, Button, Descriptions, Empty, Input, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FieldValue, HttpError, type FieldPermission, type FormRenderHandle, type FormWidget } from '@loom/ui';
import '../../locales/tasks';
import { taskService } from './service';
import type { TaskDef } from '../../api/types';
import { DynamicForm } from './DynamicForm';
import { ExternalForm, type ExternalFormHandle } from './ExternalForm';
import { isDynamicKey } from './nodeForm';

/** Variables the engine and the start call write themselves: not shown as form data. */
const SYSTEM_VARS = new Set([
  'title',
  'userName',
  'applyUserId',
  'applyUserOfficeId',
  'applyUserCompanyId',
  'businessTable',
  'businessId',
  'initiator',
  'nrOfInstances',
  'nrOfActiveInstances',
  'nrOfCompletedInstances',
  'loopCounter',
  'assignee',
]);

export interface VarRow {
  name: string;
  value: string;
}

/** The start form of a process without a form: free process variables as name/value rows. */
export function VariablesEditor({ value, onChange }: { value: VarRow[]; onChange: (rows: VarRow[]) => void }) {
  const { t } = useTranslation('tasks');
  const set = (i: number, patch: Partial<VarRow>) => onChange(value.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="loom-variables-editor">
      {value.map((r, i) => (
        <Space key={i} style={{ display: 'flex', marginBottom: 8 }}>
          <Input placeholder={t('start.varName')} value={r.name} data-var-name={i} onChange={(e) => set(i, { name: e.target.value })} />
          <Input placeholder={t('start.varValue')} value={r.value} data-var-value={i} onChange={(e) => set(i, { value: e.target.value })} />
          <Button icon={<DeleteOutlined />} onClick={() => onChange(value.filter((_r, j) => j !== i))} aria-label="remove" />
        </Space>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => onChange([...value, { name: '', value: '' }])} data-action="add-var">
        {t('start.addVar')}
      </Button>
    </div>
  );
}

/** The rows as process variables (empty names dropped). */
export function rowsToVars(rows: VarRow[]): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const r of rows) if (r.name.trim()) vars[r.name.trim()] = r.value;
  return vars;
}

/** The instance's form data (its process variables) shown read-only. */
/**
 * The instance's data read-only. With `fields` (a dynamic form's `{model: widget}`), only the form's
 * fields are shown, under their labels and as their labels read (是, not `1`); without, every
 * variable the process holds under its name.
 */
export function ProcessData({
  procInsId,
  reloadKey,
  fields,
  quiet,
}: {
  procInsId?: string | null;
  reloadKey?: unknown;
  fields?: Record<string, FormWidget> | null;
  /** Nothing at all when there is no data (a task without a form: its comment box is what matters). */
  quiet?: boolean;
}) {
  const { t } = useTranslation('tasks');
  const [vars, setVars] = useState<Record<string, unknown> | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    if (!procInsId) return;
    let alive = true;
    setRefused(null);
    taskService
      .variables(procInsId)
      .then((v) => alive && setVars(v))
      .catch((e: unknown) => {
        if (!alive) return;
        setVars({});
        // someone outside the instance is told why they see nothing
        if (e instanceof HttpError && (e.status === 403 || e.status === 404)) setRefused(e.message);
      });
    return () => {
      alive = false;
    };
  }, [procInsId, reloadKey]);
  if (refused) return <Alert type="error" showIcon className="loom-process-refused" message={refused} />;
  const shown = Object.entries(vars ?? {}).filter(([k]) => (fields ? k in fields : !SYSTEM_VARS.has(k) && !k.startsWith('_')));
  if (vars && !shown.length) return quiet ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('task.noForm')} />;
  return (
    <Descriptions
      className="loom-process-data"
      size="small"
      bordered
      column={2}
      items={shown.map(([k, v]) => {
        const widget = fields?.[k];
        const text = widget ? <FieldValue widget={widget} value={v} /> : typeof v === 'object' ? JSON.stringify(v) : String(v);
        return { key: k, label: widget?.name || k, children: <span data-var={k}>{text}</span> };
      })}
    />
  );
}

/**
 * The form area of the task screen: the node's dynamic form (its readable/writable fields, or
 * read-only with `formReadOnly`), an external form's page in its node mode, or, without a form,
 * the instance's data read-only.
 */
export const TaskFormArea = forwardRef<FormRenderHandle, { def: TaskDef; permissions?: Record<string, FieldPermission> | null; reloadKey?: unknown; readOnly?: boolean }>(
  function TaskFormArea({ def, permissions, reloadKey, readOnly }, ref) {
    const { t } = useTranslation('tasks');
    const dynamic = isDynamicKey(def.formType, def.formUrl);
    const external = def.formType === '2' && !!def.formUrl && def.formUrl !== '/404';
    const data = <ProcessData procInsId={def.procInsId} reloadKey={reloadKey} quiet />;
    return (
      <div className="loom-task-form" data-form-type={def.formType} data-read-only={def.formReadOnly || readOnly ? '1' : '0'}>
        {external ? (
          // a live workflow-form module's page, its record under the instance's business key
          <ExternalForm
            key={String(reloadKey)}
            ref={ref as Ref<ExternalFormHandle>}
            url={def.formUrl}
            businessId={def.businessId}
            readOnly={def.formReadOnly || readOnly}
            fallback={
              <>
                <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('task.externalPage', { url: def.formUrl })} />
                {data}
              </>
            }
          />
        ) : dynamic ? (
          <DynamicForm
            key={String(reloadKey)}
            ref={ref}
            jsonId={def.formUrl}
            procInsId={def.procInsId}
            readOnly={def.formReadOnly || readOnly}
            permissions={permissions}
            draftOf={readOnly || def.formReadOnly ? null : def.procInsId}
          />
        ) : (
          data
        )}
      </div>
    );
  },
);

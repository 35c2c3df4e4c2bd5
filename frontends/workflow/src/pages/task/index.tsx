import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Form, Input, Result, Space, Spin, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HttpError, PickerField, useClosePage, useFeedback, usePageTitle, type FormRenderHandle, type PageProps } from '@loom/ui';
import '../../locales/tasks';
import './task-phone.css';
import { FlowViewer } from '../../components/flow-viewer';
import { TaskFormArea } from '../../components/task/FormArea';
import { isExternal } from '../../components/task/ExternalForm';
import { HistoryTimeline } from '../../components/task/HistoryTimeline';
import { FormChanges } from '../../components/task/FormChanges';
import { completionOf, isSystemCode, visibleButtons } from '../../components/task/buttons';
import { taskService, type TaskComment } from '../../components/task/service';
import { TODO_HREF } from '../../components/task/nav';
import type { TaskButton, TaskInfo } from '../../api/types';
import { isDynamicKey, writableValues } from '../../components/task/nodeForm';
import { ActionDialog, type DialogKind, type DialogResult } from './components/ActionDialog';
import { PrintView } from './components/PrintView';

const DIALOG_OF: Record<string, DialogKind> = {
  _flow_back: 'back',
  _flow_transfer: 'transfer',
  _flow_delegate: 'delegate',
  _flow_add_multi_instance: 'addSign',
  _flow_del_multi_instance: 'delSign',
  _flow_stop: 'stop',
};

/**
 * The task page (`/flowable/task/TaskForm?taskId&taskDefKey&procInsId&procDefId&status&title`):
 * the node's form, a comment box, copy-to users, the node's buttons in their sort order with the
 * semantics of seed 001 §5.1, the history and the chart.
 */
export default function TaskForm({ query }: PageProps) {
  const { t, i18n } = useTranslation('tasks');
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const taskId = query.get('taskId') ?? '';
  const status = query.get('status') ?? 'todo';
  const [def, setDef] = useState<TaskInfo | null>(null);
  const [failed, setFailed] = useState<{ status: number; message: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [copyTo, setCopyTo] = useState<string[]>([]);
  const [dialog, setDialog] = useState<{ kind: DialogKind; button: TaskButton } | null>(null);
  const [printing, setPrinting] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const formRef = useRef<FormRenderHandle>(null);

  useEffect(() => {
    let alive = true;
    setDef(null);
    setFailed(null);
    setDone(null);
    setComment('');
    setCopyTo([]);
    const params = {
      taskId,
      taskDefKey: query.get('taskDefKey') ?? '',
      procInsId: query.get('procInsId') ?? '',
      procDefId: query.get('procDefId') ?? '',
      status,
    };
    Promise.all([taskService.taskDef(params), status === 'finish' ? Promise.resolve(null) : taskService.taskInfo(taskId).catch(() => null)])
      .then(([d, info]) =>
        alive && setDef({ ...d, flowButtonList: info?.flowButtonList ?? [], delegationState: info?.delegationState ?? null, ownerName: info?.ownerName }),
      )
      .catch((e: unknown) => alive && setFailed(e instanceof HttpError ? { status: e.status, message: e.message } : { status: 0, message: String(e) }));
    return () => {
      alive = false;
    };
  }, [taskId, status, query]);

  const dynamic = !!def && isDynamicKey(def.formType, def.formUrl);
  // the node's rights over its form's fields, as the server holds a submission to them
  const permissions = dynamic ? (def?.fieldRights ?? null) : null;

  const buttons = useMemo(() => visibleButtons(def?.flowButtonList), [def]);
  const title = def?.title || query.get('title') || '';
  const procInsId = def?.procInsId ?? query.get('procInsId');
  const canAct = status !== 'finish' && !done;
  usePageTitle(title ? t('task.pageTitle', { title }) : null);

  const closePage = useClosePage();
  const finish = useCallback(
    async (msg: string) => {
      if (copyTo.length && procInsId) await taskService.copyTo({ procInsId, taskId, userIds: copyTo });
      if (msg) void message.success(msg);
      setDone(msg || t('task.done'));
      setReloadKey((k) => k + 1);
      // the task no longer exists: its tab closes and 待办 opens (outside a shell tab, just 待办)
      if (!closePage(TODO_HREF)) navigate(TODO_HREF);
    },
    [copyTo, procInsId, taskId, message, navigate, t, closePage],
  );

  const delegated = def?.delegationState === 'PENDING';
  /** A system button in the reader's language when the portal speaks English; a node's own name
   * otherwise; a delegated task's one button is 办理 (it goes back to its owner). */
  const buttonLabel = (b: TaskButton) =>
    delegated ? t('task.resolve') : i18n.language?.startsWith('en') && isSystemCode(b.code) ? t(`buttons.${b.code}`) : b.name;

  const commentOf = (b: TaskButton, text = comment): TaskComment => ({ type: b.code, status: b.name, message: text });

  /** The form's values (validated first when `check`); nothing without an editable dynamic form. */
  const formValues = async (check: boolean): Promise<Record<string, unknown>> => {
    const f = formRef.current;
    if (isExternal(f) && !def?.formReadOnly) {
      // an external form's record is saved through its module's API (its field messages stay beside
      // the fields); its values travel as process variables too
      const values = check ? await f.getData() : f.getValues();
      await f.save();
      return values;
    }
    if (!dynamic || !f || def?.formReadOnly) return {};
    // a read-only field is never sent: the server would ignore it, and the engine must not see it
    if (!check) return writableValues(f.getValues(), permissions);
    try {
      return writableValues(await f.getData(), permissions);
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
      throw e;
    }
  };

  /** Field messages from the server go beside their fields. */
  const showFieldErrors = (e: unknown) => {
    if (e instanceof HttpError && e.details && typeof e.details === 'object' && !Array.isArray(e.details))
      formRef.current?.setErrors(e.details as Record<string, string>);
    throw e;
  };

  const complete = async (b: TaskButton) => {
    const all = def?.flowButtonList ?? [];
    const c = completionOf(all.length ? all : buttons, b);
    const data = await formValues(true);
    const msg = await taskService
      .audit({ taskId, vars: { ...data, ...c.vars }, comment: { type: c.type, status: c.status, message: comment } })
      .catch(showFieldErrors);
    await finish(msg);
  };

  const reject = (b: TaskButton) =>
    modal.confirm({
      title: t('task.rejectConfirm'),
      okText: t('yes'),
      cancelText: t('cancel'),
      onOk: async () => {
        const nodes = await taskService.backNodes(taskId);
        const first = nodes[0];
        const msg = first
          ? await taskService.back({ taskId, backTaskDefKey: first.taskDefKey, comment: commentOf(b) })
          : await taskService.rejectAndOver({ taskId, procInsId: procInsId ?? '', message: comment });
        await finish(msg);
      },
    });

  const onButton = async (b: TaskButton) => {
    const kind = DIALOG_OF[b.code];
    if (kind) return setDialog({ kind, button: b });
    switch (b.code) {
      case '_flow_save': {
        const msg = await taskService.saveForm(taskId, await formValues(false)).catch(showFieldErrors);
        void message.success(msg);
        setReloadKey((k) => k + 1);
        return;
      }
      case '_flow_reject':
        return reject(b);
      case '_flow_print':
        return setPrinting(true);
      default:
        return complete(b);
    }
  };

  const runDialog = async (r: DialogResult) => {
    if (!dialog) return;
    const b = dialog.button;
    let msg = '';
    switch (dialog.kind) {
      case 'back':
        msg = await taskService.back({ taskId, backTaskDefKey: r.backTaskDefKey, comment: commentOf(b, r.message) });
        break;
      case 'transfer':
        msg = await taskService.transfer(taskId, r.userIds[0] ?? '');
        break;
      case 'delegate':
        msg = await taskService.delegate(taskId, r.userIds[0] ?? '');
        break;
      case 'addSign':
        msg = await taskService.addSign(taskId, r.userIds, r.message);
        void message.success(msg);
        setDialog(null);
        setReloadKey((k) => k + 1);
        return;
      case 'delSign':
        msg = await taskService.delSign(taskId, r.userIds, r.message);
        void message.success(msg);
        setDialog(null);
        setReloadKey((k) => k + 1);
        return;
      case 'stop':
        // 终止 stops the instance (终止流程成功, 原因 终止：…); 驳回 is rejectAndOver
        msg = await taskService.stop(procInsId ?? '', r.message);
        break;
    }
    setDialog(null);
    await finish(msg);
  };

  if (failed)
    return (
      <Result
        className="loom-task-refused"
        status={failed.status === 403 ? '403' : 'warning'}
        title={failed.status === 403 ? t('task.refused') : t('task.notFound')}
        subTitle={failed.message}
      />
    );
  if (!def)
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );

  const formTab = (
    <div className="loom-task-form-tab">
      {status === 'claim' ? <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('task.claimFirst')} /> : null}
      {delegated && canAct ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} data-role="delegated" message={t('task.delegated', { owner: def.ownerName ?? '' })} />
      ) : null}
      <TaskFormArea ref={formRef} def={def} permissions={permissions} reloadKey={reloadKey} readOnly={!canAct} />
      {canAct ? (
        <Form layout="vertical" style={{ marginTop: 16 }} className="loom-task-comment-form">
          <Form.Item label={t('task.comment')}>
            <Input.TextArea
              rows={3}
              maxLength={500}
              value={comment}
              placeholder={t('task.commentPlaceholder')}
              onChange={(e) => setComment(e.target.value)}
              data-field="comment"
            />
          </Form.Item>
          <Form.Item label={t('task.copyTo')}>
            <PickerField kind="user" value={copyTo} onChange={(v) => setCopyTo(Array.isArray(v) ? v : v.split(',').filter(Boolean))} />
          </Form.Item>
        </Form>
      ) : null}
    </div>
  );

  return (
    <Card
      className="loom-task-page"
      data-task={taskId}
      data-task-def={def.taskDefKey ?? ''}
      title={
        <Space>
          <Typography.Text strong data-role="task-title">
            {title}
          </Typography.Text>
          {def.taskDefKey ? <Typography.Text type="secondary">{query.get('taskName') ?? ''}</Typography.Text> : null}
        </Space>
      }
    >
      {done ? <Result status="success" title={done} /> : null}
      <Tabs
        items={[
          { key: 'form', label: t('task.formTab'), children: formTab },
          { key: 'history', label: t('task.historyTab'), children: <HistoryTimeline procInsId={procInsId} reloadKey={reloadKey} /> },
          { key: 'changes', label: t('task.changesTab'), children: <FormChanges procInsId={procInsId} reloadKey={reloadKey} jsonId={dynamic ? def?.formUrl : null} /> },
          { key: 'chart', label: t('task.chartTab'), children: procInsId ? <FlowViewer key={reloadKey} procInsId={procInsId} height={480} /> : null },
        ]}
      />
      {canAct ? (
        <div className="loom-task-buttons" style={{ marginTop: 12, textAlign: 'center' }}>
          <Space wrap>
            {buttons.map((b) => (
              <Button
                key={b.code}
                type={b.code === '_flow_agree' ? 'primary' : 'default'}
                danger={b.code === '_flow_reject' || b.code === '_flow_stop'}
                data-button={b.code}
                onClick={() => void onButton(b).catch(() => undefined)}
              >
                {buttonLabel(b)}
              </Button>
            ))}
          </Space>
        </div>
      ) : null}
      <ActionDialog
        kind={dialog?.kind ?? null}
        taskId={taskId}
        comment={comment}
        onOk={runDialog}
        onCancel={() => setDialog(null)}
      />
      <PrintView open={printing} title={title} procInsId={procInsId ?? null} jsonId={dynamic ? def?.formUrl : null} onClose={() => setPrinting(false)} />
    </Card>
  );
}

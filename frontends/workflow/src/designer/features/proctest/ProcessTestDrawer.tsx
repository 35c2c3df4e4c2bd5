import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Collapse, Drawer, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined, DownloadOutlined, EyeOutlined, PlayCircleOutlined, PlusOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type Modeler from 'bpmn-js/lib/Modeler';
import { saveBlob, session } from '@loom/ui';
import type { CaseResult, ProcessCase, SuiteResult } from '../../../api/types';
import { processOf, services } from '../../model/access';
import { procTestApi } from './api';
import { clearCase, divergedNode, paintCase } from './canvas';
import { blankCase, exportSuite, filled, ImportError, parseSuite } from './cases';
import { CaseEditor, type Choices } from './CaseEditor';
import { flowNodes, requestBody, startVariables, userTasks } from './diagram';
import { NS } from './messages';
import { pending } from './pending';
import { VersionCases } from './VersionCases';

export interface ProcessTestDrawerProps {
  modeler: Modeler;
  modelId?: string;
  open: boolean;
  onClose: () => void;
}

interface Row {
  uid: number;
  value: ProcessCase;
}

let uids = 0;
const rowOf = (value: ProcessCase): Row => ({ uid: ++uids, value });

const download = (name: string, text: string) => saveBlob(new Blob([text], { type: 'application/json' }), name);

function Status({ result }: { result?: CaseResult }) {
  const { t } = useTranslation(NS);
  if (!result) return <Tag>{t('notRun')}</Tag>;
  return result.passed ? <Tag color="success">{t('passed')}</Tag> : <Tag color="error">{t('failed')}</Tag>;
}

function Failures({ result, nameOf, onShow }: { result: CaseResult; nameOf: (id: string) => string; onShow: () => void }) {
  const { t } = useTranslation(NS);
  const node = divergedNode(result);
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      data-proctest-failures={node}
      message={node ? t('divergedAt', { node: nameOf(node) }) : t('failed')}
      description={
        <div>
          {(result.failures ?? []).map((f, i) => (
            <div key={i} className="loom-proctest-failure" data-proctest-failure={f.nodeId} data-step={f.step ?? ''}>
              {f.message}
            </div>
          ))}
        </div>
      }
      action={
        <Button size="small" onClick={onShow} data-action="proctest-show">
          {t('showOnDiagram')}
        </Button>
      }
    />
  );
}

/**
 * 流程测试 (issue 40): the model's cases, written, saved with the model, run on the diagram as it is
 * now (unsaved changes included) on the server's in-memory engine, each shown passed or failed with
 * the step that diverged highlighted on the canvas; exported and imported as JSON.
 */
export function ProcessTestDrawer({ modeler, modelId, open, onClose }: ProcessTestDrawerProps) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const fileRef = useRef<HTMLInputElement>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [results, setResults] = useState<Map<number, CaseResult>>(new Map());
  const [suite, setSuite] = useState<SuiteResult | null>(null);
  const [active, setActive] = useState<string[]>([]);
  const [dirty, setDirty] = useState(false);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const choices: Choices = useMemo(
    () => (open ? { nodes: flowNodes(modeler), tasks: userTasks(modeler), variables: startVariables(modeler) } : { nodes: [], tasks: [], variables: [] }),
    [open, modeler],
  );
  const nameOf = (id: string) => choices.nodes.find((n) => n.id === id)?.label ?? id;

  useEffect(() => {
    if (!open || !modelId || loadedFor === modelId) return;
    void procTestApi.load(modelId).then((saved) => {
      setRows((saved.cases ?? []).map((c) => rowOf(filled(c))));
      setResults(new Map());
      setSuite(null);
      setDirty(false);
      setLoadedFor(modelId);
    });
  }, [open, modelId, loadedFor]);

  useEffect(() => {
    if (!open) clearCase(modeler);
  }, [open, modeler]);

  useEffect(() => {
    pending.set(modeler, dirty ? { cases: rows.map((r) => r.value), saved: () => setDirty(false) } : null);
  }, [modeler, dirty, rows]);

  const edit = (uid: number, value: ProcessCase) => {
    setRows((all) => all.map((r) => (r.uid === uid ? { ...r, value } : r)));
    setDirty(true);
  };
  const add = (value: ProcessCase) => {
    const row = rowOf(value);
    setRows((all) => [...all, row]);
    setActive([String(row.uid)]);
    setDirty(true);
  };
  const remove = (uid: number) => {
    setRows((all) => all.filter((r) => r.uid !== uid));
    setDirty(true);
  };

  /** Whether every case names itself and its initiator (the service refuses the rest); says which does not. */
  const complete = (chosen: Row[]) => {
    const bad = chosen.find((r) => !r.value.name.trim() || !r.value.initiator);
    if (bad) void message.error(t('caseInvalid', { index: rows.indexOf(bad) + 1 }));
    return !bad;
  };

  const run = async (chosen: Row[]) => {
    if (!modelId || !chosen.length || !complete(chosen)) return;
    const { bpmnXml, extensions } = await requestBody(modeler);
    const answer = await procTestApi.run({ modelId, bpmnXml, extensions, cases: chosen.map((r) => r.value) });
    const next = new Map(results);
    chosen.forEach((r, i) => {
      const result = answer.results[i];
      if (result) next.set(r.uid, result);
    });
    setResults(next);
    setSuite(chosen.length === rows.length ? answer : null);
    const failed = chosen.find((r) => next.get(r.uid)?.passed === false);
    if (failed) {
      paintCase(modeler, next.get(failed.uid)!);
      setActive([String(failed.uid)]);
    } else if (chosen.length === 1 && chosen[0]) paintCase(modeler, next.get(chosen[0].uid)!);
    else clearCase(modeler);
  };

  const save = async () => {
    if (!modelId || !complete(rows)) return;
    void message.success(await procTestApi.save(modelId, rows.map((r) => r.value)));
    setDirty(false);
  };

  /** The drawer's cases replaced (an import, a version's cases): the draft once saved. */
  const replace = (cases: ProcessCase[], said: string) => {
    setRows(cases.map(rowOf));
    setResults(new Map());
    setSuite(null);
    setDirty(true);
    clearCase(modeler);
    void message.success(said);
  };

  const importFile = async (file?: File) => {
    if (!file) return;
    try {
      const cases = parseSuite(await file.text());
      replace(cases, t('imported', { count: cases.length }));
    } catch (e) {
      const reason = e instanceof ImportError ? t(e.key, e.params) : String(e);
      void message.error(t('importFailed', { reason }));
    }
  };

  const key = () => processOf(services(modeler)).id || 'process';
  const me = () => session.get().user?.id ?? '';
  const passed = rows.filter((r) => results.get(r.uid)?.passed).length;

  return (
    <Drawer open={open} onClose={onClose} title={t('title')} width={600} mask={false} className="loom-proctest-drawer" data-proctest-drawer="">
      {!modelId ? (
        <Alert type="info" showIcon message={t('saveModelFirst')} />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            <Button icon={<PlusOutlined />} onClick={() => add(blankCase(t('newCase', { n: rows.length + 1 }), me()))} data-action="proctest-add">{t('add')}</Button>
            <Button type="primary" icon={<PlayCircleOutlined />} disabled={!rows.length} onClick={() => void run(rows)} data-action="proctest-run-all">{t('runAll')}</Button>
            <Tooltip title={dirty ? t('unsaved') : undefined}>
              <Button type={dirty ? 'primary' : 'default'} ghost={dirty} icon={<SaveOutlined />} onClick={() => void save()} data-action="proctest-save" data-dirty={dirty}>{t('save')}</Button>
            </Tooltip>
            <Button icon={<DownloadOutlined />} disabled={!rows.length} onClick={() => download(`${key()}.cases.json`, exportSuite(rows.map((r) => r.value)))} data-action="proctest-export">{t('export')}</Button>
            <Button icon={<UploadOutlined />} onClick={() => fileRef.current?.click()} data-action="proctest-import">{t('import')}</Button>
            <VersionCases modelId={modelId} onLoad={(cases, version) => replace(cases, t('versionLoaded', { count: cases.length, version }))} />
            <input ref={fileRef} type="file" accept=".json,application/json" style={{ display: 'none' }} data-action="proctest-file" onChange={(e) => { void importFile(e.target.files?.[0]); e.target.value = ''; }} />
          </Space>
          {suite ? (
            <Alert
              type={suite.passed ? 'success' : 'error'}
              showIcon
              style={{ marginBottom: 12 }}
              message={t('summary', { passed: suite.total - suite.failed, total: suite.total })}
              data-proctest-summary={suite.passed ? 'passed' : 'failed'}
            />
          ) : results.size ? (
            <Typography.Text type="secondary">{t('summary', { passed, total: rows.length })}</Typography.Text>
          ) : null}
          {rows.length ? (
            <Collapse
              activeKey={active}
              onChange={(k) => setActive(Array.isArray(k) ? k : [k])}
              items={rows.map((r, i) => {
                const result = results.get(r.uid);
                return {
                  key: String(r.uid),
                  label: (
                    <Space data-proctest-case={r.value.name} data-proctest-status={result ? (result.passed ? 'passed' : 'failed') : 'none'}>
                      <Status result={result} />
                      <span>{r.value.name || t('newCase', { n: i + 1 })}</span>
                      {result ? <Typography.Text type="secondary">{t('millis', { ms: Math.round(result.millis * 10) / 10 })}</Typography.Text> : null}
                    </Space>
                  ),
                  extra: (
                    <Space size={0} onClick={(e) => e.stopPropagation()}>
                      {result ? <Tooltip title={t('showOnDiagram')}><Button size="small" type="text" icon={<EyeOutlined />} onClick={() => paintCase(modeler, result)} data-action="proctest-show-case" /></Tooltip> : null}
                      <Tooltip title={t('runOne')}><Button size="small" type="text" icon={<PlayCircleOutlined />} onClick={() => void run([r])} data-action="proctest-run-one" /></Tooltip>
                      <Tooltip title={t('copy')}><Button size="small" type="text" icon={<CopyOutlined />} onClick={() => add(filled({ ...r.value, name: `${r.value.name} (2)` }))} data-action="proctest-copy" /></Tooltip>
                      <Tooltip title={t('remove')}><Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(r.uid)} data-action="proctest-remove" /></Tooltip>
                    </Space>
                  ),
                  children: (
                    <div data-proctest-editor={i + 1}>
                      {result && !result.passed ? <Failures result={result} nameOf={nameOf} onShow={() => paintCase(modeler, result)} /> : null}
                      <CaseEditor value={r.value} choices={choices} lastPath={result?.activityIds} onChange={(v) => edit(r.uid, v)} />
                    </div>
                  ),
                };
              })}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noCases')} />
          )}
        </>
      )}
    </Drawer>
  );
}

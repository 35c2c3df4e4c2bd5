import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Segmented, Space, Tabs, Tooltip } from 'antd';
import { ClearOutlined, CloseOutlined, CodeOutlined, DesktopOutlined, EyeOutlined, FileTextOutlined, ImportOutlined, MobileOutlined, RedoOutlined, SaveOutlined, TabletOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Layout } from 'react-grid-layout';
import { MenuIcon } from '@loom/ui';
import '../locales';
import type { FormJson, FormWidget, Platform } from '../render';
import { Canvas } from './Canvas';
import { CanvasCtx, CanvasStateCtx, type CanvasApi } from './canvasContext';
import { CodeDialog, ImportDialog, JsonDialog, PreviewDialog } from './dialogs';
import { dnd } from './dnd';
import { canRedo, canUndo, record, redo, startHistory, undo, type History } from './history';
import * as M from './model';
import { FormPanel, ListPanel, WidgetPanel } from './panels';
import { GROUPS, PALETTE } from './widgets';
import './designer.css';

export interface DesignerProps {
  value: FormJson;
  title?: string;
  /** Save (the toolbar's save button shows only with it). */
  onSave?: (form: FormJson) => Promise<unknown> | unknown;
  onClose?: () => void;
  /** Show the list tab (forms bound to a table: which fields are listed, searched, sorted). */
  listTab?: boolean;
}

/** Keeps the unchanged root widgets' objects so their canvas items do not render again. */
function reuse(prev: FormJson, next: FormJson): FormJson {
  const old = new Map(prev.list.map((w) => [w.key, w]));
  return { ...next, list: next.list.map((w) => { const o = old.get(w.key); return o && JSON.stringify(o) === JSON.stringify(w) ? o : w; }) };
}

/** The form designer (seed 001 §2.4): palette, 24-column canvas, widget / form / list panels, toolbar. */
export function Designer({ value, title, onSave, onClose, listTab = true }: DesignerProps) {
  const { t } = useTranslation('forms');
  const { message, modal } = App.useApp();
  const [form, setForm] = useState<FormJson>(value);
  const formRef = useRef(form);
  const [hist, setHist] = useState<History>(() => startHistory(JSON.stringify(value)));
  const [selected, setSelected] = useState<string | null>(null);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const [cell, setCell] = useState<string | null>(null);
  const [platform, setPlatform] = useState<Platform>('pc');
  const [tab, setTab] = useState('widget');
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const [saving, setSaving] = useState(false);

  // history is cleared on mount (a new designer starts from the form as opened)
  useEffect(() => {
    formRef.current = value;
    setForm(value);
    setHist(startHistory(JSON.stringify(value)));
    setSelected(null);
  }, [value]);

  const show = useCallback((next: FormJson) => {
    const shared = reuse(formRef.current, next);
    formRef.current = shared;
    setForm(shared);
  }, []);

  const commit = useCallback(
    (change: (draft: FormJson) => string | null | void, select?: boolean) => {
      const draft = structuredClone(formRef.current);
      let result: string | null | void;
      try {
        result = change(draft);
      } catch (e) {
        if (e instanceof M.DropRefused) {
          void message.warning(t('canvas.dropRefused'));
          return;
        }
        throw e;
      }
      show(draft);
      setHist((h) => record(h, JSON.stringify(draft)));
      if (select) setSelected(result ?? null);
    },
    [message, show, t],
  );

  const api = useMemo<CanvasApi>(
    () => ({
      select: (key) => {
        setSelected(key);
        if (key) setTab('widget');
        setCell((c) => (c && key && c.startsWith(`${key}:`) ? c : null));
      },
      selectCell: setCell,
      clone: (key) => commit((d) => M.cloneWidget(d, key), true),
      remove: (key) => commit((d) => M.removeWidget(d, key), true),
      drop: (slotId, index) => {
        const d = dnd.get();
        dnd.set(null);
        if (!d) return;
        if (d.kind === 'new') {
          const w = M.createWidget(d.type, t(`types.${d.type}`));
          commit((f) => M.addWidget(f, slotId, w, { index }), true);
        } else {
          commit((f) => {
            M.moveWidget(f, d.key, slotId, index);
            return d.key;
          }, true);
        }
      },
      rootLayout: (layout: Layout, resized) => {
        const cur = formRef.current;
        const ordered = M.orderByLayout(cur.list, layout as never);
        const sameOrder = ordered.every((w, i) => w === cur.list[i]);
        if (sameOrder && !resized) return;
        commit((f) => {
          f.list = M.orderByLayout(f.list, layout as never);
          if (resized) {
            const w = f.list.find((x) => x.key === resized.key);
            if (w) w.options = { ...w.options, span: resized.w };
          }
        });
      },
      report: (key, op, r, c) =>
        commit((f) => {
          const rows = M.findWidget(f, key)?.widget.rows;
          if (!rows) return;
          const ops: Record<string, () => void> = {
            addRow: () => M.addRow(rows),
            addColumn: () => M.addColumn(rows),
            insertAbove: () => M.insertRow(rows, r),
            insertBelow: () => M.insertRow(rows, r + Number(rows[r]?.columns[c]?.options.rowspan ?? 1)),
            insertLeft: () => M.insertColumn(rows, c),
            insertRight: () => M.insertColumn(rows, c + Number(rows[r]?.columns[c]?.options.colspan ?? 1)),
            mergeRight: () => M.mergeRight(rows, r, c),
            mergeDown: () => M.mergeDown(rows, r, c),
            split: () => M.split(rows, r, c),
            removeRow: () => M.removeRow(rows, r),
            removeColumn: () => M.removeColumn(rows, c),
          };
          ops[op]?.();
          return key;
        }),
      refused: () => void message.warning(t('canvas.dropRefused')),
    }),
    [commit, message, t],
  );

  const addFromPalette = (type: FormWidget['type']) => {
    const w = M.createWidget(type, t(`types.${type}`));
    commit((f) => {
      const at = selectedRef.current ? M.findWidget(f, selectedRef.current) : undefined;
      if (at && M.canDrop(at.slot.kind, type)) return M.addWidget(f, at.slot.id, w, { selected: selectedRef.current });
      return M.addWidget(f, 'root', w, { selected: at?.slot.kind === 'root' ? selectedRef.current : null });
    }, true);
  };

  const histRef = useRef(hist);
  histRef.current = hist;
  const onStep = useCallback(
    (back: boolean) => {
      const [h, snap] = (back ? undo : redo)(histRef.current);
      if (snap === null) return;
      setHist(h);
      show(JSON.parse(snap) as FormJson);
    },
    [show],
  );
  const onClear = useCallback(
    () =>
      modal.confirm({
        title: t('dialog.clearConfirm'),
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        onOk: () => {
          commit((f) => {
            f.list = [];
          });
          setSelected(null);
        },
      }),
    [commit, modal, t],
  );
  const saveRef = useRef(onSave);
  saveRef.current = onSave;
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const onCloseClick = useCallback(() => closeRef.current?.(), []);
  const onSaveClick = useCallback(async () => {
    setSaving(true);
    try {
      await saveRef.current?.(formRef.current);
    } finally {
      setSaving(false);
    }
  }, []);

  // the panels follow a change a moment later: the canvas shows it first
  const panelForm = useDeferredValue(form);
  const panelSelected = useDeferredValue(selected);
  const found = panelSelected ? M.findWidget(panelForm, panelSelected) : undefined;
  const addLatest = useRef(addFromPalette);
  addLatest.current = addFromPalette;
  const addRef = useCallback((type: FormWidget['type']) => addLatest.current(type), []);
  const state = useMemo(() => ({ selected, cell, platform }), [selected, cell, platform]);
  // the panels are memoised with stable callbacks: a change on the canvas renders them only once their
  // deferred value follows, after the canvas has shown the change
  const onWidget = useCallback(
    (w: FormWidget) =>
      commit((f) => {
        const x = M.findWidget(f, w.key);
        if (x) x.slot.list[x.index] = w;
      }),
    [commit],
  );
  const onConfig = useCallback((c: FormJson['config']) => commit((f) => void (f.config = c)), [commit]);
  const onToggle = useCallback(
    (key: string, opt: string, v: boolean) =>
      commit((f) => {
        const x = M.findWidget(f, key);
        if (x) x.slot.list[x.index] = M.setOption(x.widget, opt, v);
      }),
    [commit],
  );
  const panelTabs = useMemo(
    () => [
      { key: 'widget', label: t('panel.widget'), children: <WidgetPanel w={found?.widget ?? null} isRoot={found?.slot.kind === 'root'} onChange={onWidget} /> },
      { key: 'form', label: t('panel.form'), children: <FormPanel config={panelForm.config} onChange={onConfig} /> },
      ...(listTab ? [{ key: 'list', label: t('panel.list'), children: <ListPanel form={panelForm} onToggle={onToggle} /> }] : []),
    ],
    [t, found?.widget, found?.slot.kind, panelForm, onWidget, onConfig, onToggle, listTab],
  );

  return (
    <div className="loom-form-designer" data-testid="form-designer">
      <Palette title={title} onAdd={addRef} />
      <main className="loom-fd-main">
        <Toolbar
          platform={platform}
          onPlatform={setPlatform}
          undoable={canUndo(hist)}
          redoable={canRedo(hist)}
          onStep={onStep}
          onDialog={setDialog}
          onClear={onClear}
          onSave={onSave ? onSaveClick : undefined}
          saving={saving}
          onClose={onClose ? onCloseClick : undefined}
        />
        <CanvasCtx.Provider value={api}>
          <CanvasStateCtx.Provider value={state}>
            <Canvas list={form.list} />
          </CanvasStateCtx.Provider>
        </CanvasCtx.Provider>
      </main>
      <aside className="loom-fd-panel">
        <Tabs activeKey={tab} onChange={setTab} size="small" items={panelTabs} />
      </aside>
      <ImportDialog
        open={dialog === 'import'}
        onClose={() => setDialog(null)}
        onImport={(f) => {
          setDialog(null);
          commit((d) => {
            d.list = f.list;
            d.config = f.config;
          });
          setSelected(null);
        }}
      />
      <JsonDialog open={dialog === 'json'} form={form} onClose={() => setDialog(null)} />
      <CodeDialog open={dialog === 'code'} form={form} onClose={() => setDialog(null)} />
      <PreviewDialog open={dialog === 'preview'} form={form} platform={platform} onClose={() => setDialog(null)} />
    </div>
  );
}

export default Designer;

/** The palette in its four groups: drag an item onto the canvas, or click it to add after the selection. */
const Palette = memo(function Palette({ title, onAdd }: { title?: string; onAdd: (type: FormWidget['type']) => void }) {
  const { t } = useTranslation('forms');
  return (
        <aside className="loom-fd-palette">
          {title && <div className="loom-fd-title">{title}</div>}
          {GROUPS.map((g) => (
            <div key={g} className="loom-fd-group" data-group={g}>
              <div className="loom-fd-group-title">{t(`groups.${g}`)}</div>
              <div className="loom-fd-group-items">
                {PALETTE.filter((p) => p.group === g).map((p) => (
                  <div
                    key={p.type}
                    className="loom-fd-palette-item"
                    data-palette={p.type}
                    draggable
                    onDragStart={(e) => {
                      e.dataTransfer.setData('text/plain', p.type);
                      e.dataTransfer.effectAllowed = 'copy';
                      dnd.set({ kind: 'new', type: p.type });
                    }}
                    onDragEnd={() => setTimeout(() => dnd.set(null), 0)}
                    onClick={() => onAdd(p.type)}
                  >
                    <MenuIcon icon={p.icon} />
                    <span>{t(`types.${p.type}`)}</span>
                  </div>
                ))}
              </div>
            </div>
          ))}
        </aside>
  );
});

type DialogName = 'import' | 'json' | 'code' | 'preview';

interface ToolbarProps {
  platform: Platform;
  onPlatform: (p: Platform) => void;
  undoable: boolean;
  redoable: boolean;
  onStep: (back: boolean) => void;
  onDialog: (d: DialogName) => void;
  onClear: () => void;
  onSave?: () => void;
  saving: boolean;
  onClose?: () => void;
}

/** The toolbar: platform, undo / redo, import, clear, preview, JSON, code, save, close (memoised). */
const Toolbar = memo(function Toolbar({ platform, onPlatform, undoable, redoable, onStep, onDialog, onClear, onSave, saving, onClose }: ToolbarProps) {
  const { t } = useTranslation('forms');
  return (
    <div className="loom-fd-toolbar">
      <Segmented
        size="small"
        value={platform}
        onChange={(v) => onPlatform(v as Platform)}
        options={[
          { value: 'pc', label: t('toolbar.pc'), icon: <DesktopOutlined /> },
          { value: 'pad', label: t('toolbar.pad'), icon: <TabletOutlined /> },
          { value: 'mobile', label: t('toolbar.mobile'), icon: <MobileOutlined /> },
        ]}
        data-action="platform"
      />
      <Space size={4} wrap>
        <Tooltip title={t('toolbar.undo')}>
          <Button size="small" icon={<UndoOutlined />} disabled={!undoable} onClick={() => onStep(true)} data-action="undo" />
        </Tooltip>
        <Tooltip title={t('toolbar.redo')}>
          <Button size="small" icon={<RedoOutlined />} disabled={!redoable} onClick={() => onStep(false)} data-action="redo" />
        </Tooltip>
        <Button size="small" type="link" icon={<ImportOutlined />} onClick={() => onDialog('import')} data-action="import-json">
          {t('toolbar.import')}
        </Button>
        <Button
          size="small"
          type="link"
          danger
          icon={<ClearOutlined />}
          data-action="clear"
          onClick={onClear}
        >
          {t('toolbar.clear')}
        </Button>
        <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => onDialog('preview')} data-action="preview">
          {t('toolbar.preview')}
        </Button>
        <Button size="small" type="link" icon={<FileTextOutlined />} onClick={() => onDialog('json')} data-action="generate-json">
          {t('toolbar.json')}
        </Button>
        <Button size="small" type="link" icon={<CodeOutlined />} onClick={() => onDialog('code')} data-action="generate-code">
          {t('toolbar.code')}
        </Button>
        {onSave && (
          <Button
            size="small"
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            data-action="save-design"
            onClick={onSave}
          >
            {t('toolbar.save')}
          </Button>
        )}
        {onClose && (
          <Button size="small" icon={<CloseOutlined />} onClick={onClose} data-action="close-designer">
            {t('toolbar.close')}
          </Button>
        )}
      </Space>
    </div>
  );
});

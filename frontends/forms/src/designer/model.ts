/**
 * The designer's data model as pure rules (seed 001 §4.4): widget creation and keys, where a widget
 * may be dropped, add / delete / clone / move in any container, label position → layout,
 * default-value resets, and the report's merge / split / insert / remove conditions.
 * Functions that change a form work on a draft (the caller clones and records history).
 */
import { i18n } from '@loom/ui';
import '../locales';
import type { FormConfig, FormJson, FormWidget, GridColumn, ReportCell, ReportRow, WidgetOptions, WidgetType } from '../render';
import { defaultOptions, RANGE_DATE_TYPES } from './widgets';

/** Random 8 characters: the keys of a clone's children (§3.2). */
export function randomKey(): string {
  let s = '';
  while (s.length < 8) s += Math.random().toString(36).slice(2);
  return s.slice(0, 8);
}

let last = 0;
/** A key from the current time (unique within this page even for two in one millisecond). */
export function timeKey(): string {
  const now = Date.now();
  last = now > last ? now : last + 1;
  return String(last);
}

/** A new widget of a type: key from the time, model = type + '_' + key, the type's default options. */
export function createWidget(type: WidgetType, name: string, key = timeKey()): FormWidget {
  const w: FormWidget = { type, key, model: `${type}_${key}`, name, options: defaultOptions(type), rules: [] };
  if (type === 'grid') w.columns = [newCol(12), newCol(12)];
  if (type === 'tabs') w.tabs = [newPane('tab_1', paneLabel(1)), newPane('tab_2', paneLabel(2))];
  if (type === 'report') w.rows = [newReportRow(2), newReportRow(2)];
  if (type === 'table') w.tableColumns = [];
  if (['grid', 'tabs', 'report', 'divider'].includes(type)) w.model = '';
  return w;
}

export function newCol(span: number): GridColumn {
  return { type: 'col', key: randomKey(), list: [], options: { span, offset: 0, push: 0, pull: 0, xs: 24, sm: span, md: span, lg: span, xl: span, customClass: '' } };
}
/** A new tab's label in the designer's language: 标签页1, 标签页2 … (Tab 1 in English). */
export function paneLabel(n: number): string {
  return i18n.t('tabPane', { ns: 'forms', n });
}

export function newPane(name: string, label: string) {
  return { name, label, list: [] as FormWidget[] };
}
export function newCell(): ReportCell {
  return { type: 'td', key: randomKey(), list: [], options: { colspan: 1, rowspan: 1, invisible: false, markCol: false, markRow: false, width: '', height: '', align: 'left', valign: 'top', customClass: '' } };
}
function newReportRow(cols: number): ReportRow {
  return { columns: Array.from({ length: cols }, newCell) };
}

// ───────────────────────────── containers ─────────────────────────────

/** Where a list of widgets lives: the form's root, a grid column, a tab pane, a report cell, a sub-table. */
export type ContainerKind = 'root' | 'col' | 'tab' | 'td' | 'table';
export interface Slot {
  kind: ContainerKind;
  /** root: 'root'; col/td: the column's or cell's key; tab: `${tabsKey}:${paneName}`; table: the sub-table's key. */
  id: string;
  list: FormWidget[];
}

/** Types a sub-table refuses ('Don't support adding this field'). */
export const NOT_IN_TABLE: WidgetType[] = ['grid', 'table', 'tabs', 'divider', 'report', 'col', 'td'];

/** Whether a widget type may be dropped into a container (§4.4). */
export function canDrop(kind: ContainerKind, type: WidgetType): boolean {
  if (type === 'col' || type === 'td') return false;
  if (kind === 'table') return !NOT_IN_TABLE.includes(type);
  return true;
}

/** Every slot of a form, depth first (the root first). */
export function slots(form: FormJson): Slot[] {
  const out: Slot[] = [{ kind: 'root', id: 'root', list: form.list }];
  const walk = (list: FormWidget[]) => {
    for (const w of list) {
      for (const s of childSlots(w)) {
        out.push(s);
        walk(s.list);
      }
    }
  };
  walk(form.list);
  return out;
}

export function childSlots(w: FormWidget): Slot[] {
  if (w.type === 'grid') return (w.columns ?? []).map((c) => ({ kind: 'col' as const, id: c.key, list: c.list }));
  if (w.type === 'tabs') return (w.tabs ?? []).map((t) => ({ kind: 'tab' as const, id: `${w.key}:${t.name}`, list: t.list }));
  if (w.type === 'report') return (w.rows ?? []).flatMap((r) => r.columns.map((c) => ({ kind: 'td' as const, id: c.key, list: c.list })));
  if (w.type === 'table') return [{ kind: 'table', id: w.key, list: (w.tableColumns ??= []) }];
  return [];
}

export function findSlot(form: FormJson, id: string): Slot | undefined {
  return slots(form).find((s) => s.id === id);
}

export interface Found {
  widget: FormWidget;
  slot: Slot;
  index: number;
}

export function findWidget(form: FormJson, key: string): Found | undefined {
  for (const slot of slots(form)) {
    const index = slot.list.findIndex((w) => w.key === key);
    if (index >= 0) return { widget: slot.list[index]!, slot, index };
  }
  return undefined;
}

export class DropRefused extends Error {
  constructor() {
    super("Don't support adding this field");
  }
}

/**
 * Adds a widget to a slot: at `index` when given, else after the selected widget when it is in
 * that slot, else at the end. Answers the key to select (the new widget). Throws DropRefused.
 */
export function addWidget(form: FormJson, slotId: string, widget: FormWidget, opts: { index?: number; selected?: string | null } = {}): string {
  const slot = findSlot(form, slotId);
  if (!slot) throw new Error(`no slot ${slotId}`);
  if (!canDrop(slot.kind, widget.type)) throw new DropRefused();
  let at = slot.list.length;
  if (opts.index !== undefined) at = Math.max(0, Math.min(opts.index, slot.list.length));
  else if (opts.selected) {
    const i = slot.list.findIndex((w) => w.key === opts.selected);
    if (i >= 0) at = i + 1;
  }
  slot.list.splice(at, 0, widget);
  return widget.key;
}

/** Deletes a widget; answers the neighbour to select (the next one, else the previous, else none). */
export function removeWidget(form: FormJson, key: string): string | null {
  const f = findWidget(form, key);
  if (!f) return null;
  f.slot.list.splice(f.index, 1);
  const next = f.slot.list[f.index] ?? f.slot.list[f.index - 1];
  return next ? next.key : null;
}

/** Gives every widget, column and cell inside a container fresh random keys (models follow the keys). */
function refreshChildren(w: FormWidget): void {
  const fresh = (c: FormWidget) => {
    c.key = randomKey();
    if (c.model) c.model = `${c.type}_${c.key}`;
    refreshChildren(c);
  };
  for (const col of w.columns ?? []) {
    col.key = randomKey();
    col.list.forEach(fresh);
  }
  for (const tab of w.tabs ?? []) tab.list.forEach(fresh);
  for (const row of w.rows ?? []) {
    for (const cell of row.columns) {
      cell.key = randomKey();
      cell.list.forEach(fresh);
    }
  }
  for (const c of w.tableColumns ?? []) fresh(c);
}

/** Clones a widget after itself: key from the time, model = type + key, children with fresh keys. */
export function cloneWidget(form: FormJson, key: string): string | null {
  const f = findWidget(form, key);
  if (!f) return null;
  const copy = structuredClone(f.widget);
  copy.key = timeKey();
  copy.model = ['grid', 'tabs', 'report', 'divider'].includes(copy.type) ? '' : `${copy.type}_${copy.key}`;
  refreshChildren(copy);
  f.slot.list.splice(f.index + 1, 0, copy);
  return copy.key;
}

/** Moves a widget to a slot and position (drag on the canvas); refused like a drop. */
export function moveWidget(form: FormJson, key: string, slotId: string, index: number): void {
  const f = findWidget(form, key);
  const to = findSlot(form, slotId);
  if (!f || !to) return;
  if (!canDrop(to.kind, f.widget.type)) throw new DropRefused();
  // a container cannot go inside itself
  if (childSlots(f.widget).length && slotsOfWidget(f.widget).some((s) => s.id === slotId)) return;
  f.slot.list.splice(f.index, 1);
  let at = index;
  if (f.slot === to && f.index < index) at -= 1;
  to.list.splice(Math.max(0, Math.min(at, to.list.length)), 0, f.widget);
}

function slotsOfWidget(w: FormWidget): Slot[] {
  const out: Slot[] = [];
  const walk = (x: FormWidget) => {
    for (const s of childSlots(x)) {
      out.push(s);
      s.list.forEach(walk);
    }
  };
  walk(w);
  return out;
}

/** Reorders the root list by the canvas layout (top to bottom, then left to right). */
export function orderByLayout(list: FormWidget[], layout: { i: string; x: number; y: number }[]): FormWidget[] {
  const pos = new Map(layout.map((l) => [l.i, l]));
  return [...list].sort((a, b) => {
    const pa = pos.get(a.key);
    const pb = pos.get(b.key);
    if (!pa || !pb) return 0;
    return pa.y - pb.y || pa.x - pb.x;
  });
}

/** The span of a root widget on the 24-column canvas (1..24, default 24). */
export function spanOf(w: FormWidget): number {
  const s = Number(w.options?.span ?? 24);
  return Number.isFinite(s) ? Math.min(24, Math.max(1, Math.round(s))) : 24;
}

/** Packs root widgets left to right in rows of 24 columns (the canvas layout from the list order). */
export function flowLayout(list: FormWidget[], heights: Record<string, number> = {}): { i: string; x: number; y: number; w: number; h: number }[] {
  const out: { i: string; x: number; y: number; w: number; h: number }[] = [];
  let x = 0;
  let y = 0;
  let rowH = 0;
  for (const w of list) {
    const span = spanOf(w);
    const h = heights[w.key] ?? defaultHeight(w);
    if (x + span > 24) {
      x = 0;
      y += rowH;
      rowH = 0;
    }
    out.push({ i: w.key, x, y, w: span, h });
    x += span;
    rowH = Math.max(rowH, h);
  }
  return out;
}

/** A first guess of a widget's height on the canvas, in 10px rows (measured afterwards). */
export function defaultHeight(w: FormWidget): number {
  if (w.type === 'grid' || w.type === 'tabs' || w.type === 'report' || w.type === 'table') return 12;
  if (w.type === 'textarea' || w.type === 'editor' || w.type === 'imgupload') return 10;
  return 5;
}

// ───────────────────────────── form and option rules ─────────────────────────────

/** Label on top: vertical layout, labelCol 0; otherwise horizontal, labelCol 3 (§4.4). */
export function setLabelPosition(config: FormConfig, position: FormConfig['labelPosition']): FormConfig {
  return position === 'top'
    ? { ...config, labelPosition: position, layout: 'vertical', labelCol: 0 }
    : { ...config, labelPosition: position, layout: 'horizontal', labelCol: 3 };
}

function optionValues(o: WidgetOptions): unknown[] {
  return (o.options ?? []).map((x) => x.value);
}

/**
 * Changes one option of a widget and applies the default-value resets of §4.4: remote flag →
 * '' or [] (multiple); multiple toggle converts between a value and a list; isRange → null / '';
 * date type → [] for range types else ''; a new option list drops defaults no longer offered.
 */
export function setOption(w: FormWidget, name: string, value: unknown): FormWidget {
  const before = w.options ?? {};
  const o: WidgetOptions = { ...before, [name]: value };
  const multi = w.type === 'checkbox' || !!o.multiple;
  if (name === 'remote' && value !== before.remote) o.defaultValue = multi ? [] : '';
  if (name === 'multiple' && !!value !== !!before.multiple) {
    const d = before.defaultValue;
    o.defaultValue = value ? (d === '' || d === null || d === undefined ? [] : Array.isArray(d) ? d : [d]) : Array.isArray(d) ? (d[0] ?? '') : d;
  }
  if (name === 'isRange' && !!value !== !!before.isRange) o.defaultValue = value ? null : '';
  if (name === 'type' && w.type === 'date' && value !== before.type) o.defaultValue = RANGE_DATE_TYPES.includes(String(value)) ? [] : '';
  if (name === 'options') {
    const offered = optionValues(o);
    const d = o.defaultValue;
    if (Array.isArray(d)) o.defaultValue = d.filter((v) => offered.includes(v));
    else if (d !== '' && d !== null && d !== undefined && !offered.includes(d)) o.defaultValue = '';
  }
  return { ...w, options: o };
}

// ───────────────────────────── report (table with merged cells) ─────────────────────────────

type Rows = ReportRow[];
const span = (c: ReportCell, k: 'colspan' | 'rowspan') => Math.max(1, Number(c.options[k] ?? 1));
const cell = (rows: Rows, r: number, c: number) => rows[r]?.columns[c];

/** Merge right: the next cell to the right is visible and has the same rowspan. */
export function canMergeRight(rows: Rows, r: number, c: number): boolean {
  const me = cell(rows, r, c);
  if (!me || me.options.invisible) return false;
  const next = cell(rows, r, c + span(me, 'colspan'));
  return !!next && !next.options.invisible && span(next, 'rowspan') === span(me, 'rowspan');
}

/** Merge down: the cell below is visible and has the same colspan. */
export function canMergeDown(rows: Rows, r: number, c: number): boolean {
  const me = cell(rows, r, c);
  if (!me || me.options.invisible) return false;
  const below = cell(rows, r + span(me, 'rowspan'), c);
  return !!below && !below.options.invisible && span(below, 'colspan') === span(me, 'colspan');
}

/** Split: only a merged cell (colspan or rowspan above 1). */
export function canSplit(rows: Rows, r: number, c: number): boolean {
  const me = cell(rows, r, c);
  return !!me && !me.options.invisible && (span(me, 'colspan') > 1 || span(me, 'rowspan') > 1);
}

/** No merged cell crosses the border between row r and its neighbours (remove row is safe). */
export function canRemoveRow(rows: Rows, r: number): boolean {
  if (rows.length <= 1) return false;
  for (let i = 0; i < rows.length; i++) {
    for (const c of rows[i]!.columns) {
      if (c.options.invisible) continue;
      const rs = span(c, 'rowspan');
      if (rs > 1 && i <= r && r < i + rs) return false;
    }
  }
  return true;
}

/** No merged cell spans column c (remove column is safe). */
export function canRemoveColumn(rows: Rows, c: number): boolean {
  if ((rows[0]?.columns.length ?? 0) <= 1) return false;
  return rows.every((row) => row.columns.every((x, j) => x.options.invisible || span(x, 'colspan') <= 1 || !(j <= c && c < j + span(x, 'colspan'))));
}

export function mergeRight(rows: Rows, r: number, c: number): void {
  if (!canMergeRight(rows, r, c)) return;
  const me = cell(rows, r, c)!;
  const next = cell(rows, r, c + span(me, 'colspan'))!;
  const rs = span(me, 'rowspan');
  const from = c + span(me, 'colspan');
  const to = from + span(next, 'colspan');
  me.list.push(...next.list);
  next.list = [];
  for (let i = r; i < r + rs; i++) for (let j = from; j < to; j++) hide(cell(rows, i, j));
  me.options.colspan = span(me, 'colspan') + span(next, 'colspan');
  next.options.colspan = 1;
  next.options.rowspan = 1;
}

export function mergeDown(rows: Rows, r: number, c: number): void {
  if (!canMergeDown(rows, r, c)) return;
  const me = cell(rows, r, c)!;
  const below = cell(rows, r + span(me, 'rowspan'), c)!;
  const cs = span(me, 'colspan');
  const from = r + span(me, 'rowspan');
  const to = from + span(below, 'rowspan');
  me.list.push(...below.list);
  below.list = [];
  for (let i = from; i < to; i++) for (let j = c; j < c + cs; j++) hide(cell(rows, i, j));
  me.options.rowspan = span(me, 'rowspan') + span(below, 'rowspan');
  below.options.colspan = 1;
  below.options.rowspan = 1;
}

function hide(x: ReportCell | undefined) {
  if (x) x.options.invisible = true;
}

export function split(rows: Rows, r: number, c: number): void {
  if (!canSplit(rows, r, c)) return;
  const me = cell(rows, r, c)!;
  const rs = span(me, 'rowspan');
  const cs = span(me, 'colspan');
  for (let i = r; i < r + rs; i++) {
    for (let j = c; j < c + cs; j++) {
      const x = cell(rows, i, j);
      if (x) Object.assign(x.options, { invisible: false, colspan: 1, rowspan: 1 });
    }
  }
}

export function addRow(rows: Rows): void {
  const n = rows[0]?.columns.length ?? 1;
  rows.push(newReportRow(n));
}

export function addColumn(rows: Rows): void {
  if (rows.length === 0) rows.push(newReportRow(0));
  for (const row of rows) row.columns.push(newCell());
}

/** Inserts a row before (`r`) or after (`r + 1`) a row; merged cells crossing the new row grow. */
export function insertRow(rows: Rows, at: number): void {
  const n = rows[0]?.columns.length ?? 1;
  const row = newReportRow(n);
  rows.forEach((x, i) =>
    x.columns.forEach((c, j) => {
      if (!c.options.invisible && span(c, 'rowspan') > 1 && i < at && at < i + span(c, 'rowspan')) {
        c.options.rowspan = span(c, 'rowspan') + 1;
        for (let k = j; k < j + span(c, 'colspan'); k++) hide(row.columns[k]);
      }
    }),
  );
  rows.splice(at, 0, row);
}

/** Inserts a column left (`c`) or right (`c + 1`) of a column; merged cells crossing it grow. */
export function insertColumn(rows: Rows, at: number): void {
  const added = rows.map(() => newCell());
  rows.forEach((x, i) =>
    x.columns.forEach((c, j) => {
      if (!c.options.invisible && span(c, 'colspan') > 1 && j < at && at < j + span(c, 'colspan')) {
        c.options.colspan = span(c, 'colspan') + 1;
        for (let k = i; k < i + span(c, 'rowspan'); k++) hide(added[k]);
      }
    }),
  );
  rows.forEach((x, i) => x.columns.splice(at, 0, added[i]!));
}

export function removeRow(rows: Rows, r: number): void {
  if (canRemoveRow(rows, r)) rows.splice(r, 1);
}

export function removeColumn(rows: Rows, c: number): void {
  if (canRemoveColumn(rows, c)) for (const row of rows) row.columns.splice(c, 1);
}

/** A grid column may be deleted only while the grid has more than one. */
export function canDeleteGridColumn(w: FormWidget): boolean {
  return (w.columns?.length ?? 0) > 1;
}

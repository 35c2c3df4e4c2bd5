import { memo, useCallback, useContext, useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button, Col, Divider, Empty, Row, Tabs, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined, DragOutlined } from '@ant-design/icons';
import ReactGridLayout, { useContainerWidth, verticalCompactor, type Layout, type LayoutItem } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { useTranslation } from 'react-i18next';
import type { FormWidget } from '../render';
import { CanvasCtx, CanvasStateCtx } from './canvasContext';
import { FieldPreview } from './Preview';
import { dnd } from './dnd';
import { childSlots, flowLayout, type ContainerKind } from './model';
import { ReportEditor } from './ReportEditor';

const ROW_H = 10;
const MARGIN = 8;
const rowsFor = (px: number) => Math.max(3, Math.ceil((px + MARGIN) / (ROW_H + MARGIN)));

function indexAt(el: HTMLElement, e: DragEvent, horizontal: boolean): number {
  const kids = Array.from(el.querySelectorAll(':scope > .loom-fd-widget')) as HTMLElement[];
  const pos = horizontal ? e.clientX : e.clientY;
  for (let i = 0; i < kids.length; i++) {
    const r = kids[i]!.getBoundingClientRect();
    const mid = horizontal ? r.left + r.width / 2 : r.top + r.height / 2;
    if (pos < mid) return i;
  }
  return kids.length;
}

/** Drops a slot has taken: the canvas grid, which sees them after the slot, leaves them alone. */
const slotDrops = new WeakSet<Event>();

/** A nested list (grid column, tab pane, report cell, sub-table) that accepts drops. */
export function SlotList({ id, kind, list }: { id: string; kind: ContainerKind; list: FormWidget[] }) {
  const api = useContext(CanvasCtx);
  const state = useContext(CanvasStateCtx);
  const { t } = useTranslation('forms');
  const [over, setOver] = useState(false);
  const horizontal = kind === 'table';
  const accepts = () => {
    const d = dnd.get();
    if (!d) return false;
    return true; // a refused type still lands here, to be told why ("Don't support adding this field")
  };
  return (
    <div
      className={`loom-fd-slot loom-fd-slot-${kind}${over ? ' loom-fd-slot-over' : ''}${horizontal ? ' loom-fd-slot-h' : ''}`}
      data-slot={id}
      // Neither event is stopped here: the canvas grid sees them too, shows no drop placeholder while
      // the pointer is over a widget that holds slots (Canvas dropSize) and, on the drop, clears its
      // own drag state; a grid that never saw the end of a drag stopped following the designer's layout.
      onDragOver={(e) => {
        if (!accepts()) return;
        e.preventDefault();
        const innermost = (e.target as Element).closest('.loom-fd-slot') === e.currentTarget;
        if (over !== innermost) setOver(innermost);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        if (slotDrops.has(e.nativeEvent)) return; // an inner slot took it
        slotDrops.add(e.nativeEvent);
        e.preventDefault();
        api.drop(id, indexAt(e.currentTarget, e, horizontal));
      }}
    >
      {list.map((w) => (
        <DesignWidget key={w.key} w={w} nested selected={state.selected === w.key} />
      ))}
      {list.length === 0 && <div className="loom-fd-slot-empty">{kind === 'table' ? t('canvas.tableEmpty') : t('canvas.slotEmpty')}</div>}
    </div>
  );
}

function GridBody({ w }: { w: FormWidget }) {
  const api = useContext(CanvasStateCtx);
  const o = w.options ?? {};
  return (
    <Row gutter={Number(o.gutter ?? 0)} className="loom-fd-grid">
      {(w.columns ?? []).map((c) => {
        const bp = api.platform === 'pc' ? 'md' : api.platform === 'pad' ? 'sm' : 'xs';
        const span = Number(c.options[bp] ?? c.options.span ?? 12);
        return (
          <Col key={c.key} span={api.platform === 'mobile' && c.options.xs === undefined ? 24 : span} className="loom-fd-col" data-col={c.key}>
            <SlotList id={c.key} kind="col" list={c.list} />
          </Col>
        );
      })}
    </Row>
  );
}

function Body({ w }: { w: FormWidget }): ReactNode {
  const o = w.options ?? {};
  switch (w.type) {
    case 'grid':
      return <GridBody w={w} />;
    case 'tabs':
      return (
        <Tabs
          size="small"
          tabPosition={o.tabPosition ?? 'top'}
          items={(w.tabs ?? []).map((tab) => ({ key: tab.name, label: tab.label, children: <SlotList id={`${w.key}:${tab.name}`} kind="tab" list={tab.list} /> }))}
        />
      );
    case 'report':
      return <ReportEditor w={w} Slot={SlotList} />;
    case 'table':
      return (
        <div className="loom-fd-field loom-fd-table">
          <label className="loom-fd-label">{w.name}</label>
          <div className="loom-fd-control">
            <SlotList id={w.key} kind="table" list={childSlots(w)[0]!.list} />
          </div>
        </div>
      );
    case 'divider':
      return <Divider orientation={o.contentPosition ?? 'center'}>{w.name}</Divider>;
    default:
      return <FieldPreview w={w} />;
  }
}

/** A widget on the canvas: selectable, with its drag handle, clone and delete when selected. */
export const DesignWidget = memo(function DesignWidget({ w, nested, selected, onHeight }: { w: FormWidget; nested?: boolean; selected: boolean; onHeight?: (key: string, px: number) => void }) {
  const api = useContext(CanvasCtx);
  const { t } = useTranslation('forms');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!onHeight || !ref.current) return;
    const el = ref.current;
    const ro = new ResizeObserver(() => onHeight(w.key, el.offsetHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, [onHeight, w.key]);
  return (
    <div
      ref={ref}
      className={`loom-fd-widget loom-fd-${w.type}${selected ? ' loom-fd-selected' : ''}`}
      data-key={w.key}
      data-type={w.type}
      onClick={(e) => {
        e.stopPropagation();
        api.select(w.key);
      }}
    >
      <div className="loom-fd-widget-body">
        <Body w={w} />
      </div>
      {selected && (
        <div className="loom-fd-tools" onClick={(e) => e.stopPropagation()}>
          <span
            className="loom-fd-drag"
            data-action="drag"
            draggable={nested}
            onDragStart={(e) => {
              e.stopPropagation();
              e.dataTransfer.setData('text/plain', w.key);
              dnd.set({ kind: 'move', key: w.key });
            }}
            onDragEnd={() => dnd.set(null)}
          >
            <DragOutlined />
          </span>
          <Tooltip title={t('actions.clone')}>
            <Button size="small" type="text" icon={<CopyOutlined />} data-action="clone" onClick={() => api.clone(w.key)} />
          </Tooltip>
          <Tooltip title={t('actions.delete')}>
            <Button size="small" type="text" danger icon={<DeleteOutlined />} data-action="delete" onClick={() => api.remove(w.key)} />
          </Tooltip>
        </div>
      )}
      {!nested && !selected && <span className="loom-fd-drag loom-fd-drag-idle" />}
    </div>
  );
});

// react-grid-layout compares its items' props by reference (margin, callbacks, children): every
// object handed to it stays the same from one render to the next, so a change renders only the items
// whose widget, selection or place changed.
const GRID = { cols: 24, rowHeight: ROW_H, margin: [MARGIN, MARGIN] as [number, number], containerPadding: [4, 4] as [number, number] };
const DRAG = { enabled: true, handle: '.loom-fd-drag', threshold: 3 };
const RESIZE = { enabled: true, handles: ['e'] as ['e'] };
const NO_RESIZE = { enabled: false, handles: ['e'] as ['e'] };
const DROP_ITEM = { w: 24, h: 5 };
const DROP = { enabled: true, defaultItem: DROP_ITEM };
const GRID_STYLE = { minHeight: 400 };
type Place = { i: string; x: number; y: number; w: number; h: number };

/** Widgets that hold slots: the pointer over one of them drops into its slots, never beside it. */
const HOLDERS = new Set<string>(['grid', 'tabs', 'report', 'table']);

/** A place's box on the grid element in px, by react-grid-layout's own arithmetic. */
function boxOf(p: Place, width: number) {
  const [padX, padY] = GRID.containerPadding;
  const colW = (width - MARGIN * (GRID.cols - 1) - padX * 2) / GRID.cols;
  const left = padX + p.x * (colW + MARGIN);
  const top = padY + p.y * (ROW_H + MARGIN);
  return { left, top, right: left + p.w * colW + (p.w - 1) * MARGIN, bottom: top + p.h * ROW_H + (p.h - 1) * MARGIN };
}

/** Where a drop at `y` (px on the grid) goes in the root list: before the first widget whose middle is below it. */
function indexAtY(places: Place[], y: number, width: number): number {
  const sorted = [...places].sort((a, b) => a.y - b.y || a.x - b.x);
  const i = sorted.findIndex((p) => {
    const b = boxOf(p, width);
    return y < (b.top + b.bottom) / 2;
  });
  return i < 0 ? sorted.length : i;
}

/** Keeps the previous layout entry of a widget whose place did not change. */
function samePlaces(prev: Place[], next: Place[]): Place[] {
  const old = new Map(prev.map((l) => [l.i, l]));
  return next.map((l) => {
    const o = old.get(l.i);
    return o && o.x === l.x && o.y === l.y && o.w === l.w && o.h === l.h ? o : l;
  });
}

/** The canvas: the root list on a 24-column react-grid-layout (drag in, move, resize the span). */
export function Canvas({ list }: { list: FormWidget[] }) {
  const api = useContext(CanvasCtx);
  const state = useContext(CanvasStateCtx);
  const { t } = useTranslation('forms');
  const { width, containerRef, mounted } = useContainerWidth();
  const [heights, setHeights] = useState<Record<string, number>>({});
  const pending = useRef<Record<string, number>>({});
  const timer = useRef<number>(0);
  const onHeight = useMemo(
    () => (key: string, px: number) => {
      const rows = rowsFor(px);
      pending.current[key] = rows;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        const next = pending.current;
        pending.current = {};
        setHeights((h) => (Object.entries(next).every(([k, v]) => h[k] === v) ? h : { ...h, ...next }));
      }, 0);
    },
    [],
  );
  const mobile = state.platform === 'mobile';
  const places = useRef<Place[]>([]);
  const layout = useMemo(() => {
    const flow = flowLayout(list, heights);
    places.current = samePlaces(places.current, mobile ? flow.map((l) => ({ ...l, w: 24 })) : flow);
    return places.current;
  }, [list, heights, mobile]);
  // the grid's items: an unchanged widget keeps its element, so react-grid-layout skips it
  const items = useRef(new Map<string, { w: FormWidget; selected: boolean; el: ReactNode }>());
  const children = useMemo(() => {
    const next = new Map<string, { w: FormWidget; selected: boolean; el: ReactNode }>();
    const out = list.map((w) => {
      const selected = state.selected === w.key;
      const old = items.current.get(w.key);
      const item =
        old && old.w === w && old.selected === selected
          ? old
          : {
              w,
              selected,
              el: (
                <div key={w.key} className="loom-fd-item" data-item={w.key}>
                  <DesignWidget w={w} selected={selected} onHeight={onHeight} />
                </div>
              ),
            };
      next.set(w.key, item);
      return item.el;
    });
    items.current = next;
    return out;
  }, [list, state.selected, onHeight]);
  const listRef = useRef(list);
  listRef.current = list;
  const widthRef = useRef(width);
  widthRef.current = width;
  const formRef = useRef<HTMLDivElement>(null);
  /** The pointer on the grid element, in px from its top left corner. */
  const onGrid = useCallback((e: { clientX: number; clientY: number }) => {
    const grid = formRef.current?.querySelector(':scope > .loom-fd-grid-layout');
    if (!grid) return null;
    const r = grid.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }, []);
  // The grid's drop placeholder: none while the pointer is where a widget holding slots (tab, column,
  // sub-table, report) is laid out. A placeholder there pushed that widget down, away from a pointer
  // coming from above or below, so the field never reached its slot. The widget's place is read from
  // the designer's layout, not from the screen, where the placeholder may have moved it already.
  const dropSize = useCallback(
    (e: { clientX: number; clientY: number }) => {
      if (!dnd.get()) return false;
      const at = onGrid(e);
      const holders = new Set(listRef.current.filter((w) => HOLDERS.has(w.type)).map((w) => w.key));
      const overHolder =
        at !== null &&
        places.current.some((p) => {
          if (!holders.has(p.i)) return false;
          const b = boxOf(p, widthRef.current);
          return at.x >= b.left && at.x <= b.right && at.y >= b.top && at.y <= b.bottom;
        });
      return overHolder ? false : DROP_ITEM;
    },
    [onGrid],
  );
  const onDrop = useCallback(
    (l: Layout, item: LayoutItem | undefined, e: Event) => {
      if (slotDrops.has(e)) return; // a slot took it; the grid only cleared its drag state
      let idx = listRef.current.length;
      if (item) {
        const sorted = [...l].sort((a, b) => a.y - b.y || a.x - b.x);
        idx = sorted.findIndex((x) => x.i === item.i);
      } else {
        // no placeholder (over a widget holding slots, outside them): before or after it by the pointer
        const at = onGrid(e as globalThis.DragEvent);
        if (at) idx = indexAtY(places.current, at.y, widthRef.current);
      }
      api.drop('root', idx < 0 ? listRef.current.length : idx);
    },
    [api, onGrid],
  );
  const onDragStop = useCallback((l: Layout) => api.rootLayout(l), [api]);
  const onResizeStop = useCallback((l: Layout, _o: LayoutItem | null, n: LayoutItem | null) => (n ? api.rootLayout(l, { key: n.i, w: n.w }) : undefined), [api]);
  const maxWidth = state.platform === 'pc' ? undefined : state.platform === 'pad' ? 768 : 375;
  return (
    <div className="loom-fd-canvas-wrap" onClick={() => api.select(null)}>
      <div ref={containerRef as never} className={`loom-fd-canvas loom-fd-canvas-${state.platform}`} style={{ maxWidth, margin: '0 auto' }} data-platform={state.platform}>
        {list.length === 0 && <Empty className="loom-fd-canvas-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('canvas.empty')} />}
        {mounted && (
          <div className="loom-fd-form" ref={formRef}>
            <ReactGridLayout
              className="loom-fd-grid-layout"
              width={width}
              layout={layout}
              compactor={verticalCompactor}
              gridConfig={GRID}
              dragConfig={DRAG}
              resizeConfig={mobile ? NO_RESIZE : RESIZE}
              dropConfig={DROP}
              style={GRID_STYLE}
              onDropDragOver={dropSize}
              onDrop={onDrop}
              onDragStop={onDragStop}
              onResizeStop={onResizeStop}
            >
              {children}
            </ReactGridLayout>
          </div>
        )}
      </div>
    </div>
  );
}


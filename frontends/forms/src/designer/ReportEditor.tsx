import { useContext, type ComponentType } from 'react';
import { Button, Dropdown } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormWidget } from '../render';
import { CanvasCtx, CanvasStateCtx } from './canvasContext';
import { canMergeDown, canMergeRight, canRemoveColumn, canRemoveRow, canSplit, type ContainerKind } from './model';

/** How the canvas draws a slot (a cell's widgets); given by the canvas, which draws the report. */
export type SlotComponent = ComponentType<{ id: string; kind: ContainerKind; list: FormWidget[] }>;

/** The report ("table layout") on the canvas: cells accept drops; a chosen cell offers the design actions. */
export function ReportEditor({ w, Slot: SlotList }: { w: FormWidget; Slot: SlotComponent }) {
  const api = useContext(CanvasCtx);
  const state = useContext(CanvasStateCtx);
  const { t } = useTranslation('forms');
  const rows = w.rows ?? [];
  const o = w.options ?? {};
  const border = `${Number(o.borderWidth ?? 1)}px solid ${String(o.borderColor ?? '#999')}`;
  const menu = (r: number, c: number) => [
    { key: 'addRow', label: t('actions.addRow') },
    { key: 'addColumn', label: t('actions.addColumn') },
    { key: 'insertAbove', label: t('actions.insertAbove') },
    { key: 'insertBelow', label: t('actions.insertBelow') },
    { key: 'insertLeft', label: t('actions.insertLeft') },
    { key: 'insertRight', label: t('actions.insertRight') },
    { type: 'divider' as const },
    { key: 'mergeRight', label: t('actions.mergeRight'), disabled: !canMergeRight(rows, r, c) },
    { key: 'mergeDown', label: t('actions.mergeDown'), disabled: !canMergeDown(rows, r, c) },
    { key: 'split', label: t('actions.split'), disabled: !canSplit(rows, r, c) },
    { type: 'divider' as const },
    { key: 'removeRow', label: t('actions.removeRow'), disabled: !canRemoveRow(rows, r), danger: true },
    { key: 'removeColumn', label: t('actions.removeColumn'), disabled: !canRemoveColumn(rows, c), danger: true },
  ];
  return (
    <table className="loom-fd-report" style={{ width: '100%', borderCollapse: 'collapse' }}>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r}>
            {row.columns.map((cell, c) => {
              if (cell.options.invisible) return null;
              const id = `${w.key}:${r}:${c}`;
              const chosen = state.cell === id;
              return (
                <td
                  key={cell.key}
                  colSpan={Number(cell.options.colspan ?? 1)}
                  rowSpan={Number(cell.options.rowspan ?? 1)}
                  style={{ border, padding: 4, verticalAlign: 'top', position: 'relative', minWidth: 60, outline: chosen ? '2px solid #1677ff' : undefined }}
                  data-cell={`${r}:${c}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    api.select(w.key);
                    api.selectCell(id);
                  }}
                >
                  <SlotList id={cell.key} kind="td" list={cell.list} />
                  {chosen && (
                    <Dropdown trigger={['click']} menu={{ items: menu(r, c), onClick: ({ key, domEvent }) => (domEvent.stopPropagation(), api.report(w.key, key, r, c)) }}>
                      <Button size="small" type="primary" icon={<MoreOutlined />} className="loom-fd-cell-menu" data-action="cell-menu" style={{ position: 'absolute', right: 2, top: 2 }} onClick={(e) => e.stopPropagation()} />
                    </Dropdown>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

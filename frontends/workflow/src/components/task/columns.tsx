import type { ListColumn } from '@loom/ui';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';

/** A date-time range query field sent as `beginDate`/`endDate` (the task lists' time filter). */
export function timeRangeColumn<T>(t: TFunction, title?: string): ListColumn<T> {
  return {
    title: title ?? t('timeRange'),
    dataIndex: '__range',
    valueType: 'dateTimeRange',
    hideInTable: true,
    noExport: true,
    search: {
      transform: (v: unknown) => {
        const [a, b] = Array.isArray(v) ? v : [];
        return {
          beginDate: a ? dayjs(a as string).format('YYYY-MM-DDTHH:mm:ss') : undefined,
          endDate: b ? dayjs(b as string).format('YYYY-MM-DDTHH:mm:ss') : undefined,
        };
      },
    },
  };
}

/**
 * An ended instance's delete reason as people read it: the engine stores `kind` or `kind:words`
 * (`revoke`, `stop:预算冻结`, `reject:…`, `delete:…`); shown as 撤销 / 终止：预算冻结 / 驳回：… / 作废：….
 */
export function reasonText(reason: string | null | undefined, t: (key: string) => string): string {
  if (!reason) return '';
  const i = reason.indexOf(':');
  const [kind, words] = i < 0 ? [reason, ''] : [reason.slice(0, i), reason.slice(i + 1)];
  if (!['revoke', 'stop', 'reject', 'delete'].includes(kind)) return reason;
  const label = t(`reasons.${kind}`);
  return words ? `${label}：${words}` : label;
}

/** `2026-11-23T10:01:02+00:00` shown as local `2026-11-23 10:01:02`. */
export function showTime(v: unknown): string {
  return v ? dayjs(String(v)).format('YYYY-MM-DD HH:mm:ss') : '';
}

/**
 * A query-only text field sent as `name` (its display column shows a nested value; ProTable names
 * the field after the column's key, so the display column must use another key).
 */
export function queryColumn<T>(title: string, name: string): ListColumn<T> {
  return { title, dataIndex: name, key: name, hideInTable: true, noExport: true, query: true };
}

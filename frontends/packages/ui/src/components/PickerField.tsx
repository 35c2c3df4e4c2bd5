import { useEffect, useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { SelectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { http } from '../core/http';
import { UserPickerDialog, type PickedUser } from './UserPicker';
import { PostPickerDialog, RolePickerDialog, type PickedItem } from './GridPicker';
import type { NamedRecord } from '../api/sys';

export type PickerKind = 'user' | 'role' | 'post';

/** Things an id may name: the pickers' kinds, and offices (companies and departments). */
export type NamedKind = PickerKind | 'office';

const QUERY_URL: Record<NamedKind, string> = {
  user: '/sys/user/queryById',
  role: '/sys/role/queryById',
  post: '/sys/post/queryById',
  office: '/sys/office/queryById',
};

/** The items behind `ids`, by `queryById` each (those in `known` are not asked again); an id that
 * no longer names anything stays, named by itself. */
export function resolveNamed(kind: NamedKind, ids: string[], known: Map<string, PickedItem> = new Map()): Promise<PickedItem[]> {
  return Promise.all(
    ids.map((id) =>
      known.has(id)
        ? Promise.resolve(known.get(id) as PickedItem)
        : http.get<NamedRecord>(QUERY_URL[kind], { id }, { silent: true }).catch((): PickedItem => ({ id, name: id })),
    ),
  );
}

/** Ids of users, roles, posts or offices shown by their names (read-only), e.g. a reviewer rule's value. */
export function NamedIds({ kind, ids }: { kind: NamedKind; ids: string[] | string | null | undefined }) {
  const list = toIds(ids);
  const key = list.join(',');
  const [names, setNames] = useState<string[]>(list);
  useEffect(() => {
    let alive = true;
    void resolveNamed(kind, list).then((items) => alive && setNames(items.map((i) => String(i.name ?? i.id))));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, kind]);
  return (
    <span className="loom-named-ids" data-named-kind={kind} title={key}>
      {names.join('、')}
    </span>
  );
}

export interface PickerFieldProps {
  kind: PickerKind;
  /** Chosen ids: an array, or a comma-separated string when `asString` is set. */
  value?: string[] | string | null;
  onChange?: (value: string[] | string) => void;
  /** Emit a comma-separated string instead of an array. */
  asString?: boolean;
  limit?: number;
  disabled?: boolean;
}

function toIds(v: string[] | string | null | undefined): string[] {
  if (!v) return [];
  return (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);
}

/**
 * A form field holding ids of users, roles or posts, shown as chips; the button opens the
 * matching picker. Names are resolved with `queryById` per id.
 */
export function PickerField({ kind, value, onChange, asString, limit, disabled }: PickerFieldProps) {
  const { t } = useTranslation('ui');
  const ids = toIds(value);
  const [items, setItems] = useState<PickedItem[]>([]);
  const [open, setOpen] = useState(false);
  const idsKey = ids.join(',');

  useEffect(() => {
    let alive = true;
    void resolveNamed(kind, ids, new Map(items.map((i) => [i.id, i]))).then((list) => alive && setItems(list.filter(Boolean)));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idsKey, kind]);

  const emit = (chosen: PickedItem[]) => {
    setItems(chosen);
    const next = chosen.map((c) => c.id);
    onChange?.(asString ? next.join(',') : next);
    setOpen(false);
  };

  const dialogProps = { open, value: items, limit, onOk: emit, onCancel: () => setOpen(false) };

  return (
    <>
      <Space wrap size={4} className={`loom-picker-field loom-picker-${kind}`}>
        {items.map((i) => (
          <Tag
            key={i.id}
            closable={!disabled}
            onClose={(e) => {
              e.preventDefault();
              emit(items.filter((x) => x.id !== i.id));
            }}
          >
            {String(i.name ?? i.id)}
          </Tag>
        ))}
        <Button size="small" icon={<SelectOutlined />} disabled={disabled} onClick={() => setOpen(true)} data-action={`pick-${kind}`}>
          {t('pleaseSelect')}
        </Button>
      </Space>
      {kind === 'user' ? (
        <UserPickerDialog {...dialogProps} value={items as PickedUser[]} onOk={(u) => emit(u)} />
      ) : kind === 'role' ? (
        <RolePickerDialog {...dialogProps} />
      ) : (
        <PostPickerDialog {...dialogProps} />
      )}
    </>
  );
}

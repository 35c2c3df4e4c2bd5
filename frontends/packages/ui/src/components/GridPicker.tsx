import { useEffect } from 'react';
import { Button, Form, Input, Modal, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { QueryObject } from '../core/qs';
import { DEFAULT_PICK_LIMIT, isSingleSelect, pickLimitExceeded } from './rules';
import { useFeedback } from './feedback';
import { useChosen, usePagedList } from './pickerCore';
import { PickerQueryButtons, pickerTableProps } from './pickerTable';

export interface PickedItem {
  id: string;
  [field: string]: unknown;
}

export interface GridPickerField {
  /** Query parameter name (e.g. `name`). */
  name: string;
  /** Placeholder / label. */
  label: string;
}

export interface GridPickerDialogProps<T extends PickedItem> {
  open: boolean;
  title?: string;
  /** Paged list endpoint, e.g. `/sys/role/list`. */
  url: string;
  columns: ColumnsType<T>;
  /** Search fields shown above the table. */
  searchFields?: GridPickerField[];
  /** Field shown on the chips of chosen items (default `name`). */
  labelField?: string;
  value?: T[];
  /** Maximum number of items (default 999999); 1 or less gives radio buttons. */
  limit?: number;
  onOk: (items: T[]) => void;
  onCancel: () => void;
  width?: number;
  sortKeys?: Record<string, string>;
}

/**
 * The generic picker (900px) for roles, posts and other lists: search fields, a paged table and
 * the chosen items as chips. Over the limit, confirm says '你最多只能选择{n}条数据'.
 */
export function GridPickerDialog<T extends PickedItem>(props: GridPickerDialogProps<T>) {
  const { t } = useTranslation('ui');
  const { message } = useFeedback();
  const { open, limit = DEFAULT_PICK_LIMIT, labelField = 'name' } = props;
  const single = isSingleSelect(limit);
  const list = usePagedList<T>(props.url, props.sortKeys ?? {}, open);
  const picked = useChosen<T>(props.value ?? [], open);
  const { chosen, remove } = picked;
  const [form] = Form.useForm<QueryObject>();

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const confirm = () => {
    if (pickLimitExceeded(chosen.length, limit)) {
      void message.error(t('maxItems', { n: limit }));
      return;
    }
    props.onOk(chosen);
  };

  return (
    <Modal
      open={open}
      title={props.title ?? t('pickerTitle')}
      width={props.width ?? 900}
      maskClosable={false}
      onCancel={props.onCancel}
      destroyOnHidden
      className="loom-grid-picker"
      footer={
        <Space>
          <Button onClick={props.onCancel}>{t('close')}</Button>
          <Button type="primary" onClick={confirm} data-action="confirm">
            {t('confirm')}
          </Button>
        </Space>
      }
    >
      {props.searchFields?.length ? (
        <Form form={form} layout="inline" onFinish={(v) => list.search(v)} style={{ marginBottom: 8 }}>
          {props.searchFields.map((f) => (
            <Form.Item key={f.name} name={f.name}>
              <Input size="small" allowClear placeholder={f.label} />
            </Form.Item>
          ))}
          <PickerQueryButtons
            onReset={() => {
              form.resetFields();
              list.search({});
            }}
          />
        </Form>
      ) : null}
      <Table<T> {...pickerTableProps(list, picked, single, t)} columns={props.columns} scroll={{ y: 400 }} />
      <div className="loom-picker-chosen" style={{ marginTop: 8 }}>
        {chosen.map((c) => (
          <Tag key={c.id} closable onClose={() => remove(c.id)} style={{ marginBottom: 4 }}>
            {String(c[labelField] ?? c.id)}
          </Tag>
        ))}
      </div>
    </Modal>
  );
}

export type RolePickerDialogProps = Omit<GridPickerDialogProps<PickedItem>, 'url' | 'columns' | 'searchFields' | 'title'> & { title?: string };

/** Picker over `/sys/role/list` (name, English name). */
export function RolePickerDialog(props: RolePickerDialogProps) {
  const { t } = useTranslation('ui');
  return (
    <GridPickerDialog
      {...props}
      title={props.title ?? t('rolePickerTitle')}
      url="/sys/role/list"
      searchFields={[
        { name: 'name', label: t('roleName') },
        { name: 'enName', label: t('roleEnName') },
      ]}
      columns={[
        { title: t('roleName'), dataIndex: 'name', sorter: true },
        { title: t('roleEnName'), dataIndex: 'enName', sorter: true },
      ]}
    />
  );
}

/** Picker over `/sys/post/list` (name, code). */
export function PostPickerDialog(props: RolePickerDialogProps) {
  const { t } = useTranslation('ui');
  return (
    <GridPickerDialog
      {...props}
      title={props.title ?? t('postPickerTitle')}
      url="/sys/post/list"
      searchFields={[
        { name: 'name', label: t('postName') },
        { name: 'code', label: t('postCode') },
      ]}
      columns={[
        { title: t('postName'), dataIndex: 'name', sorter: true },
        { title: t('postCode'), dataIndex: 'code', sorter: true },
      ]}
    />
  );
}

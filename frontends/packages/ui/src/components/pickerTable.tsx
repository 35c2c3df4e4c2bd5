import { Button, Form, Space, type TableProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PICKER_PAGE_SIZES } from './rules';
import type { useChosen, usePagedList } from './pickerCore';

/**
 * The table of a picker dialog (users, roles, posts, a grid): a page of the list with ticks kept
 * across pages (a radio when one item is picked) and the pickers' pager.
 */
export function pickerTableProps<T extends { id: string }>(
  list: ReturnType<typeof usePagedList<T>>,
  picked: ReturnType<typeof useChosen<T>>,
  single: boolean,
  t: TFunction,
): TableProps<T> {
  return {
    size: 'small',
    rowKey: 'id',
    bordered: true,
    loading: list.loading,
    dataSource: list.rows,
    onChange: list.onTableChange,
    rowSelection: {
      type: single ? 'radio' : 'checkbox',
      selectedRowKeys: picked.chosen.map((c) => c.id),
      preserveSelectedRowKeys: true,
      onChange: (keys) => picked.applyPage(list.rows, keys.map(String), single),
    },
    pagination: {
      current: list.current,
      pageSize: list.size,
      total: list.total,
      pageSizeOptions: [...PICKER_PAGE_SIZES],
      showSizeChanger: true,
      showQuickJumper: true,
      showTotal: (n) => t('totalItems', { total: n, count: n }),
      size: 'small',
    },
  };
}

/** The 查询 and 重置 buttons closing a picker's inline search form (its submit searches). */
export function PickerQueryButtons({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation('ui');
  return (
    <Form.Item>
      <Space>
        <Button size="small" type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('query')}
        </Button>
        <Button size="small" onClick={onReset}>
          {t('reset')}
        </Button>
      </Space>
    </Form.Item>
  );
}

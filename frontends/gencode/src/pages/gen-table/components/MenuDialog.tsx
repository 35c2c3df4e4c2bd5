import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, IconPicker, LoomTreeSelect } from '@loom/ui';
import { tableService } from '../service';
import type { GenTableRow } from '../types';

/** A menu's buttons (type '2') are no parent for a new page. */
const isButton = (node: Record<string, unknown>) => node.type === '2';

interface MenuForm {
  parentId: string;
  name: string;
  icon?: string;
}

/** Create menu for a design: parent menu (tree select), name (max 200), icon (antd / Font Awesome picker). */
export function MenuDialog({ row, onClose }: { row: GenTableRow | null; onClose: () => void }) {
  const { t } = useTranslation('gencode');
  return (
    <FormDialog<MenuForm>
      open={!!row}
      mode="add"
      title={`${t('menu.title')} - ${row?.name ?? ''}`}
      width={680}
      continueAdding={false}
      initialValues={{ name: row?.comments ?? '', icon: '' }}
      onSubmit={(v) =>
        tableService.createMenu({ 'parent.id': v.parentId, name: v.name, tableId: row?.id ?? '', tableType: row?.tableType ?? '', icon: v.icon ?? '' })
      }
      onClose={onClose}
    >
      <Form.Item name="parentId" label={t('menu.parent')} rules={[{ required: true, message: t('menu.parentRequired') }]}>
        <LoomTreeSelect url="/sys/menu/treeData" fieldNames={{ value: 'id', label: 'name' }} isHidden={isButton} />
      </Form.Item>
      <Form.Item name="name" label={t('menu.name')} rules={[{ required: true, whitespace: true, message: t('menu.nameRequired') }, { max: 200, message: t('common.maxLength', { max: 200 }) }]}>
        <Input />
      </Form.Item>
      <Form.Item name="icon" label={t('menu.icon')}>
        <IconPicker />
      </Form.Item>
    </FormDialog>
  );
}

/** Mounts the version diff into the designer: a toolbar button opening the diff dialog. */
import { useState } from 'react';
import { Button } from 'antd';
import { DiffOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { processOf, services } from '../designer/model/access';
import { registerToolbarItem, type DesignerContext } from '../designer/toolbar';
import { NS } from '../designer-checks/messages';
import { DiffDialog } from './DiffDialog';

function DiffButton({ ctx }: { ctx: DesignerContext }) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  const key = open ? (ctx.model?.key ?? processOf(services(ctx.modeler)).id ?? '') : '';
  return (
    <>
      <Button icon={<DiffOutlined />} onClick={() => setOpen(true)} data-action="diff-open">{t('diff.button')}</Button>
      <DiffDialog open={open} onClose={() => setOpen(false)} processKey={key} modeler={ctx.modeler} />
    </>
  );
}

registerToolbarItem({ key: 'diff', render: (ctx) => <DiffButton ctx={ctx} /> });

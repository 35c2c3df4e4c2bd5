/** The version diff: a toolbar button opening the diff dialog. */
import { useState } from 'react';
import { Button } from 'antd';
import { DiffOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { processOf, services } from '../../model/access';
import type { DesignerContext } from '../../toolbar';
import { checks } from '../checks';
import { NS } from '../checks/api';
import type { DesignerFeature } from '../feature';
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

export const diff: DesignerFeature = {
  name: 'diff',
  __depends__: [checks],
  toolbar: [{ key: 'diff', render: (ctx) => <DiffButton ctx={ctx} /> }],
};

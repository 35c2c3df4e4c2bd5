/** Mounts the dry run into the designer: a toolbar button opening the dry-run drawer. */
import { useState } from 'react';
import { Button } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { registerToolbarItem, type DesignerContext } from '../designer/toolbar';
import { NS } from '../designer-checks/messages';
import { DryRunDrawer } from './DryRunDrawer';

function DryRunButton({ ctx }: { ctx: DesignerContext }) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ExperimentOutlined />} onClick={() => setOpen(true)} data-action="dryrun-open">{t('dryrun.button')}</Button>
      <DryRunDrawer modeler={ctx.modeler} modelId={ctx.model?.id} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

registerToolbarItem({ key: 'dryrun', render: (ctx) => <DryRunButton ctx={ctx} /> });

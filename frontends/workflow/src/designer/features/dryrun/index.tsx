/** The dry run: a toolbar button opening the dry-run drawer. */
import { useState } from 'react';
import { Button } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DesignerContext } from '../../toolbar';
import { checks } from '../checks';
import { NS } from '../checks/api';
import type { DesignerFeature } from '../feature';
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

export const dryRun: DesignerFeature = {
  name: 'dryrun',
  __depends__: [checks],
  toolbar: [{ key: 'dryrun', render: (ctx) => <DryRunButton ctx={ctx} /> }],
};

/** 流程测试: a toolbar button opening the cases' drawer, and the gate publishing goes through. */
import { useState } from 'react';
import { Button } from 'antd';
import { CheckSquareOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DesignerContext } from '../../toolbar';
import { checks } from '../checks';
import { dryRun } from '../dryrun';
import type { DesignerFeature } from '../feature';
import { NS } from './messages';
import { ProcessTestDrawer } from './ProcessTestDrawer';
import { gatePublish } from './publish';

function ProcessTestButton({ ctx }: { ctx: DesignerContext }) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<CheckSquareOutlined />} onClick={() => setOpen(true)} data-action="proctest-open">{t('button')}</Button>
      <ProcessTestDrawer modeler={ctx.modeler} modelId={ctx.model?.id} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

export const processTests: DesignerFeature = {
  name: 'proctest',
  // the case editor offers the dry run's reading of the diagram (tasks with their buttons, start variables)
  __depends__: [checks, dryRun],
  toolbar: [{ key: 'proctest', render: (ctx) => <ProcessTestButton ctx={ctx} /> }],
  beforePublish: gatePublish,
};

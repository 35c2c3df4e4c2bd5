/**
 * The live checks: the DI module that marks the elements, the toolbar button with the issue list,
 * and the question before publishing a diagram with errors. The dry run and the diff depend on
 * this feature and use its `api.ts`.
 */
import type { DesignerFeature } from '../feature';
import { ChecksButton } from './ChecksButton';
import { checksModule } from './module';
import { confirmPublish } from './publish';

export const checks: DesignerFeature = {
  name: 'checks',
  modules: [checksModule],
  toolbar: [{ key: 'checks', render: (ctx) => <ChecksButton modeler={ctx.modeler} /> }],
  beforePublish: confirmPublish,
};

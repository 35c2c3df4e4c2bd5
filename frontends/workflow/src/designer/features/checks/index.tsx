/**
 * Mounts the live checks into the designer: the DI module (markers on the elements) and the
 * toolbar button with the issue list. Imported once by the designer.
 */
import { registerDesignerModule } from '../designer/modeler';
import { registerToolbarItem } from '../designer/toolbar';
import { ChecksButton } from './ChecksButton';
import { checksModule } from './module';

registerDesignerModule(checksModule);
registerToolbarItem({ key: 'checks', render: (ctx) => <ChecksButton modeler={ctx.modeler} /> });

export { confirmPublish } from './publish';

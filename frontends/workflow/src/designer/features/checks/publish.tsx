import { List } from 'antd';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import type Modeler from 'bpmn-js/lib/Modeler';
import { lint } from './config';
import type { LintContext } from './context';
import { msg } from './messages';

type Modal = Pick<ModalStaticFunctions, 'confirm'>;

/**
 * Before publishing: lints the diagram as it is; with errors, asks for confirmation and lists
 * them. Resolves true when publishing may go on (no errors, or the user confirmed).
 */
export async function confirmPublish(modeler: Modeler, modal: Modal): Promise<boolean> {
  const ctx = modeler.get<LintContext>('loomLintContext');
  const definitions = (modeler as unknown as { getDefinitions: () => unknown }).getDefinitions();
  const errors = (await lint(definitions, ctx)).filter((i) => i.category === 'error');
  if (!errors.length) return true;
  return new Promise<boolean>((resolve) => {
    modal.confirm({
      title: msg('panel.publishTitle'),
      width: 560,
      className: 'loom-publish-errors',
      content: (
        <List size="small" dataSource={errors} renderItem={(e) => <List.Item data-check-element={e.id}>{e.message}</List.Item>} />
      ),
      okText: msg('panel.publishOk'),
      okButtonProps: { danger: true },
      cancelText: msg('panel.cancel'),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

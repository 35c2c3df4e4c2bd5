import { Input, List, Typography } from 'antd';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import type Modeler from 'bpmn-js/lib/Modeler';
import type { SuiteResult } from '../../../api/types';
import type { EditorModel } from '../../save/api';
import type { PublishAnswer } from '../feature';
import { procTestApi } from './api';
import { clearCase, paintCase } from './canvas';
import { requestBody } from './diagram';
import { msg } from './messages';
import { pending } from './pending';

type Modal = Pick<ModalStaticFunctions, 'confirm'>;

/**
 * Before publishing: saves the drawer's unsaved cases (publishing is "save and publish"), then runs
 * the model's cases on the diagram about to be published (the
 * service runs them again when deploying and refuses over a failure). When one fails, its
 * divergence is drawn on the canvas and the designer either cancels or publishes anyway with a
 * reason, which the deploy logs.
 */
export async function gatePublish(modeler: Modeler, modal: Modal, model: EditorModel | null): Promise<PublishAnswer> {
  if (!model?.id) return true;
  const unsaved = pending.get(modeler);
  if (unsaved) {
    // a case the service refuses (no initiator) stops publishing; the HTTP client shows why
    const saved = await procTestApi.save(model.id, unsaved.cases).then(() => true, () => false);
    if (!saved) return false;
    unsaved.saved();
  }
  const { bpmnXml, extensions } = await requestBody(modeler);
  // a model without cases publishes as before; a run that cannot start (a diagram the service
  // refuses) leaves the verdict to the deploy, which runs the cases itself
  const result = await procTestApi
    .load(model.id, { silent: true })
    .then((saved) => (saved.cases?.length ? procTestApi.run({ modelId: model.id, bpmnXml, extensions }, { silent: true }) : null))
    .catch(() => null);
  if (!result || result.passed) {
    clearCase(modeler);
    return true;
  }
  const first = result.results.find((r) => !r.passed);
  if (first) paintCase(modeler, first);
  return askReason(modal, result);
}

function askReason(modal: Modal, result: SuiteResult): Promise<PublishAnswer> {
  let reason = '';
  return new Promise<PublishAnswer>((resolve) => {
    const dialog = modal.confirm({
      title: msg('publish.title'),
      width: 600,
      className: 'loom-proctest-publish',
      content: (
        <div>
          <Typography.Paragraph>{msg('publish.intro', { failed: result.failed, total: result.total })}</Typography.Paragraph>
          <List
            size="small"
            dataSource={result.results.filter((r) => !r.passed)}
            renderItem={(r) => (
              <List.Item data-proctest-failed-case={r.name} data-diverged-at={r.divergedAt ?? ''}>
                <div>
                  <Typography.Text strong>{r.name}</Typography.Text>
                  {(r.failures ?? []).map((f, i) => (
                    <div key={i} className="loom-proctest-failure">{f.message}</div>
                  ))}
                </div>
              </List.Item>
            )}
          />
          <Typography.Text>{msg('publish.reason')}</Typography.Text>
          <Input.TextArea
            rows={2}
            maxLength={500}
            placeholder={msg('publish.reasonPlaceholder')}
            data-field="override-reason"
            onChange={(e) => {
              reason = e.target.value;
              dialog.update({ okButtonProps: { danger: true, disabled: !reason.trim(), 'data-action': 'proctest-override' } });
            }}
          />
        </div>
      ),
      okText: msg('publish.ok'),
      okButtonProps: { danger: true, disabled: true, 'data-action': 'proctest-override' },
      cancelText: msg('publish.cancel'),
      cancelButtonProps: { 'data-action': 'proctest-cancel' },
      onOk: () => resolve({ overrideReason: reason.trim() }),
      onCancel: () => resolve(false),
    });
  });
}

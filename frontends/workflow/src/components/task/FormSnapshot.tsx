import { useEffect, useState } from 'react';
import { Alert, Modal, Spin } from 'antd';
import { FormRender, HttpError, type FormJson } from '@loom/ui';
import { loadFormJson } from './formJson';

/**
 * One save's whole form, read-only, under the form version the save was made with: the instance
 * history's "查看表单" (what the node saw and submitted, even after the form was republished).
 */
export function FormSnapshot({ title, jsonId, data, onClose }: { title: string; jsonId: string | null; data: Record<string, unknown> | null; onClose: () => void }) {
  const [json, setJson] = useState<FormJson | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setJson(null);
    setError(null);
    if (!jsonId) return;
    let alive = true;
    loadFormJson(jsonId)
      .then((j) => alive && setJson(j ?? { list: [], config: {} as FormJson['config'] }))
      .catch((e: unknown) => alive && setError(e instanceof HttpError ? e.message : String(e)));
    return () => {
      alive = false;
    };
  }, [jsonId]);
  return (
    <Modal open={!!jsonId} title={title} width={820} footer={null} onCancel={onClose} destroyOnHidden className="loom-form-snapshot">
      {error ? <Alert type="error" showIcon message={error} /> : !json ? <Spin /> : (
        <div className="loom-dynamic-form" data-json-id={jsonId}>
          <FormRender json={json} value={data ?? {}} readOnly />
        </div>
      )}
    </Modal>
  );
}

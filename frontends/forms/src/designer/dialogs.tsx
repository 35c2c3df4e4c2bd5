import { useRef, useState } from 'react';
import { Alert, Button, Modal, Space, Tabs, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText, saveBlob } from '@loom/ui';
import { LazyCodeEditor } from '@loom/ui/editor';
import { FormRender, type FormJson, type FormRenderHandle, type Platform } from '../render';
import { htmlPage, reactComponent } from './codegen';
import { normaliseForm } from './io';

/** The code-editor dialog's editor height (seed 001 §2.4: 900px wide, 460px editor). */
const EDITOR_H = 460;

async function copy(text: string, ok: string) {
  if (await copyText(text)) void message.success(ok);
}

/** Import JSON: paste a form JSON; a parse error is shown and nothing changes. */
export function ImportDialog({ open, onClose, onImport }: { open: boolean; onClose: () => void; onImport: (f: FormJson) => void }) {
  const { t } = useTranslation('forms');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  return (
    <Modal
      open={open}
      title={t('dialog.importTitle')}
      width={900}
      maskClosable={false}
      className="loom-fd-import"
      onCancel={onClose}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-action': 'confirm-import' } as never}
      onOk={() => {
        try {
          const form = normaliseForm(JSON.parse(text));
          setError('');
          setText('');
          onImport(form);
        } catch (e) {
          setError(t('dialog.importError', { msg: (e as Error).message }));
        }
      }}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('dialog.importHint')} style={{ marginBottom: 8 }} />
      {error && <Alert type="error" showIcon message={error} className="loom-fd-import-error" style={{ marginBottom: 8 }} />}
      <div data-field="import-json">
        <LazyCodeEditor language="javascript" height={EDITOR_H} value={text} onChange={setText} />
      </div>
    </Modal>
  );
}

/** Generate JSON: the definition, to copy or download. */
export function JsonDialog({ open, form, onClose }: { open: boolean; form: FormJson; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const text = JSON.stringify(form, null, 2);
  return (
    <Modal
      open={open}
      title={t('dialog.jsonTitle')}
      width={900}
      maskClosable={false}
      onCancel={onClose}
      className="loom-fd-json"
      footer={
        <Space>
          <Button onClick={() => copy(text, t('dialog.copied'))} data-action="copy-json">
            {t('dialog.copy')}
          </Button>
          <Button type="primary" onClick={() => saveBlob(new Blob([text], { type: 'application/json' }), 'form.json')} data-action="download-json">
            {t('dialog.download')}
          </Button>
        </Space>
      }
    >
      <div className="loom-fd-json-text">
        <LazyCodeEditor language="javascript" height={EDITOR_H} value={text} readOnly />
      </div>
    </Modal>
  );
}

/** Generate code: a React component and a plain HTML page, each to copy or export. */
export function CodeDialog({ open, form, onClose }: { open: boolean; form: FormJson; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const [tab, setTab] = useState('component');
  const code = tab === 'component' ? reactComponent(form) : htmlPage(form);
  return (
    <Modal
      open={open}
      title={t('dialog.codeTitle')}
      width={900}
      maskClosable={false}
      onCancel={onClose}
      className="loom-fd-code"
      footer={
        <Space>
          <Button onClick={() => copy(code, t('dialog.copied'))}>{t('dialog.copy')}</Button>
          <Button type="primary" onClick={() => saveBlob(new Blob([code], { type: 'text/plain' }), tab === 'component' ? 'GeneratedForm.tsx' : 'form.html')} data-action="export-code">
            {t('dialog.export')}
          </Button>
        </Space>
      }
    >
      <Tabs activeKey={tab} onChange={setTab} items={[{ key: 'component', label: t('dialog.component') }, { key: 'html', label: t('dialog.html') }]} />
      <div className="loom-fd-code-text">
        <LazyCodeEditor language={tab === 'component' ? 'typescript' : 'html'} height={EDITOR_H} value={code} readOnly path={tab === 'component' ? 'GeneratedForm.tsx' : 'form.html'} />
      </div>
    </Modal>
  );
}

/** Preview (full screen): get data, reset, enable / disable edit, close. */
export function PreviewDialog({ open, form, platform, onClose }: { open: boolean; form: FormJson; platform: Platform; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const ref = useRef<FormRenderHandle>(null);
  const [readOnly, setReadOnly] = useState(false);
  const [data, setData] = useState<string | null>(null);
  return (
    <Modal
      open={open}
      title={t('dialog.previewTitle')}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', padding: 0 }}
      styles={{ body: { minHeight: 'calc(100vh - 140px)', overflow: 'auto' } }}
      maskClosable={false}
      onCancel={onClose}
      className="loom-fd-preview"
      destroyOnHidden
      footer={
        <Space>
          <Button
            type="primary"
            data-action="get-data"
            onClick={async () => {
              try {
                setData(JSON.stringify(await ref.current!.getData(), null, 2));
              } catch (e) {
                setData(null);
                void message.error((e as Error).message);
              }
            }}
          >
            {t('dialog.getData')}
          </Button>
          <Button data-action="reset" onClick={() => (ref.current?.reset(), setData(null))}>
            {t('dialog.reset')}
          </Button>
          <Button data-action="toggle-edit" onClick={() => setReadOnly((v) => !v)}>
            {readOnly ? t('dialog.enableEdit') : t('dialog.disableEdit')}
          </Button>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Space>
      }
    >
      <div style={{ maxWidth: platform === 'pc' ? undefined : platform === 'pad' ? 768 : 375, margin: '0 auto' }}>
        <FormRender ref={ref} json={form} readOnly={readOnly} platform={platform} />
      </div>
      {data && (
        <div className="loom-fd-preview-data">
          <h4>{t('dialog.data')}</h4>
          <pre style={{ background: '#f6f6f6', padding: 8 }}>{data}</pre>
        </div>
      )}
    </Modal>
  );
}

/**
 * The code-editor dialog (900px wide, a 460px Monaco editor): custom JS of the form, the HTML
 * template of a custom component. The text is handed back on confirm only.
 */
export function CodeEditorDialog({ open, title, language, value, onOk, onClose }: { open: boolean; title: string; language: string; value: string; onOk: (v: string) => void; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(open);
  if (open !== seen) {
    setSeen(open);
    if (open) setText(value);
  }
  return (
    <Modal
      open={open}
      title={title}
      width={900}
      maskClosable={false}
      className="loom-fd-code-editor"
      onCancel={onClose}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-action': 'confirm-code' } as never}
      onOk={() => onOk(text)}
      destroyOnHidden
    >
      <LazyCodeEditor language={language} height={EDITOR_H} value={text} onChange={setText} />
    </Modal>
  );
}

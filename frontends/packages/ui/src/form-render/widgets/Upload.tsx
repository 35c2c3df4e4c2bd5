import { useState } from 'react';
import { Button, Image, Upload, message } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { UploadFile } from 'antd/es/upload/interface';
import { useTranslation } from 'react-i18next';
import { http } from '../../core/http';
import type { FormWidget } from '../types';
import { WIDGET_DEFAULTS } from '../validators';

export interface UploadItem {
  name: string;
  url: string;
}

const IMAGE = /\.(png|tiff?|raw|bmp|gif|jpe?g)(\?|$)/i;
const PDF = /\.pdf(\?|$)/i;

/** How a file opens: images in the image viewer, PDFs in the PDF viewer, anything else cannot (§2.4). */
export function previewKind(name: string): 'image' | 'pdf' | 'none' {
  if (IMAGE.test(name)) return 'image';
  if (PDF.test(name)) return 'pdf';
  return 'none';
}

function toList(value: unknown): UploadItem[] {
  if (Array.isArray(value)) return value.filter((v) => v && typeof v === 'object') as UploadItem[];
  if (typeof value === 'string' && value) return value.split(',').map((url) => ({ url, name: url.split('/').pop() ?? url }));
  return [];
}

/** File and image upload to sys's files (`/sys/file/webupload/upload`), with the limit and previews. */
export function UploadField({ widget, value, onChange, disabled }: { widget: FormWidget; value?: unknown; onChange?: (v: UploadItem[]) => void; disabled?: boolean }) {
  const { t } = useTranslation('formRender');
  const o = widget.options ?? {};
  const image = widget.type === 'imgupload';
  const limit = Number(o.limit ?? WIDGET_DEFAULTS[widget.type]?.limit ?? 9);
  const min = Number(o.min ?? 0);
  const items = toList(value);
  const [pending, setPending] = useState<UploadFile[]>([]);
  const [preview, setPreview] = useState<string | null>(null);
  const full = items.length + pending.length >= limit;
  const action = String(o.action || '/sys/file/webupload/upload?uploadPath=/formMaking');
  const fileList: UploadFile[] = [
    ...items.map((it, i) => ({ uid: `${i}-${it.url}`, name: it.name, url: it.url, status: 'done' as const, thumbUrl: image ? it.url : undefined })),
    ...pending,
  ];
  const open = (f: UploadFile) => {
    const kind = previewKind(f.name || f.url || '');
    if (kind === 'image') setPreview(f.url ?? null);
    else if (kind === 'pdf' && f.url) window.open(f.url, '_blank', 'noopener');
    else void message.warning(t('noPreview'));
  };
  return (
    <>
      <Upload
        className={`loom-fr-upload loom-fr-upload-${widget.type}`}
        listType={image ? 'picture-card' : 'text'}
        fileList={fileList}
        disabled={disabled}
        multiple={limit > 1}
        showUploadList={{ showRemoveIcon: !disabled && items.length > min }}
        onPreview={open}
        onRemove={(f) => {
          onChange?.(items.filter((it, i) => `${i}-${it.url}` !== f.uid));
          return true;
        }}
        beforeUpload={() => !full}
        customRequest={async (req) => {
          const file = req.file as File;
          const uid = String((req.file as UploadFile).uid ?? Math.random());
          setPending((p) => [...p, { uid, name: file.name, status: 'uploading', percent: 50 }]);
          const fd = new FormData();
          fd.append('file', file);
          fd.append('fname', file.name);
          try {
            const headers = Object.fromEntries((o.headers ?? []).filter((h) => h.key).map((h) => [h.key, h.value]));
            const res = await http.request<{ url?: string; data?: { url?: string } }>(action.replace(/^\/api(?=\/)/, ''), { method: 'POST', data: fd, headers, silent: true });
            const url = res?.url ?? res?.data?.url;
            if (!url) throw new Error('no url');
            // success shows 200 ms after the url comes back (§4.4)
            await new Promise((r) => setTimeout(r, 200));
            setPending((p) => p.filter((x) => x.uid !== uid));
            onChange?.([...toList(value), { name: file.name, url }]);
            req.onSuccess?.(res);
          } catch (e) {
            // a failed upload is removed silently (§8)
            setPending((p) => p.filter((x) => x.uid !== uid));
            req.onError?.(e as Error);
          }
        }}
      >
        {disabled || full ? null : image ? (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 4 }}>{t('upload')}</div>
          </div>
        ) : (
          <Button icon={<UploadOutlined />}>{t('upload')}</Button>
        )}
      </Upload>
      {o.tip ? <div className="loom-fr-tip">{String(o.tip)}</div> : null}
      {preview ? <Image style={{ display: 'none' }} src={preview} preview={{ visible: true, src: preview, onVisibleChange: (v) => !v && setPreview(null) }} /> : null}
    </>
  );
}

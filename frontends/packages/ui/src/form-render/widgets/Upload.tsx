import { useEffect, useRef, useState } from 'react';
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

/**
 * Object URLs of stored images: sys answers a file only to a signed-in caller (the bearer token
 * goes in a header, never in a URL), so an <img> cannot load `/api/sys/file/download2?…` itself;
 * the bytes come through the HTTP client instead.
 */
function useImageUrls(urls: string[]): Record<string, string> {
  const [map, setMap] = useState<Record<string, string>>({});
  const key = urls.join('\n');
  useEffect(() => {
    let alive = true;
    const made: string[] = [];
    void Promise.all(
      urls.map(async (url) => {
        if (!/^\/api\//.test(url)) return [url, url] as const;
        try {
          const blob = await http.request<Blob>(url, { responseType: 'blob', silent: true });
          const obj = URL.createObjectURL(blob);
          made.push(obj);
          return [url, obj] as const;
        } catch {
          return [url, ''] as const;
        }
      }),
    ).then((pairs) => alive && setMap(Object.fromEntries(pairs)));
    return () => {
      alive = false;
      made.forEach((u) => URL.revokeObjectURL(u));
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return map;
}

/** Saves a stored file under its own name (`action=download`). */
function download(url: string): Promise<void> {
  return /^\/api\//.test(url) ? http.download(url, { action: 'download' }) : Promise.resolve(void window.open(url, '_blank', 'noopener'));
}

/** A transparent pixel shown while a stored image is being fetched (its own URL needs the token). */
const BLANK = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

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
  // several files upload at once: each success adds to the latest list, not to the one it started with
  const latest = useRef(items);
  latest.current = items;
  const [pending, setPending] = useState<UploadFile[]>([]);
  // A file uploaded here keeps its upload's uid once stored: the list then turns the same item from
  // uploading to done, instead of fading one out while the other fades in (two rows for a moment).
  const uploadUid = useRef(new Map<string, string>());
  const uidOf = (it: UploadItem, i: number) => uploadUid.current.get(it.url) ?? `${i}-${it.url}`;
  const [preview, setPreview] = useState<string | null>(null);
  const full = items.length + pending.length >= limit;
  const action = String(o.action || '/sys/file/webupload/upload?uploadPath=/formMaking');
  const images = useImageUrls(image ? items.map((it) => it.url) : []);
  const fileList: UploadFile[] = [
    ...items.map((it, i) => ({ uid: uidOf(it, i), name: it.name, url: it.url, status: 'done' as const, thumbUrl: image ? images[it.url] || BLANK : undefined })),
    ...pending,
  ];
  const open = (f: UploadFile) => {
    const kind = previewKind(f.name || f.url || '');
    if (kind === 'image' && f.url) setPreview(images[f.url] || f.url);
    else if (kind === 'pdf' && f.url) void (/^\/api\//.test(f.url) ? http.openFile(f.url) : window.open(f.url, '_blank', 'noopener'));
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
        showUploadList={{ showRemoveIcon: !disabled && items.length > min, showDownloadIcon: true, showPreviewIcon: true }}
        onPreview={open}
        onDownload={(f) => f.url && void download(f.url).catch(() => undefined)}
        onRemove={(f) => {
          onChange?.(items.filter((it, i) => uidOf(it, i) !== f.uid));
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
            uploadUid.current.set(url, uid);
            setPending((p) => p.filter((x) => x.uid !== uid));
            latest.current = [...latest.current, { name: file.name, url }];
            onChange?.(latest.current);
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

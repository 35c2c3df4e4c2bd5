import type { ReactNode } from 'react';
import DOMPurify from 'dompurify';
import type { FormWidget } from '../render';

/**
 * A widget as the canvas draws it: plain elements styled like the antd controls. The canvas holds
 * hundreds of widgets and redraws on every change, so it does not mount real controls (and their
 * form context); the preview dialog renders the form with the real renderer.
 */
export function FieldPreview({ w }: { w: FormWidget }) {
  const o = w.options ?? {};
  const label = o.hideLabel ? null : (
    <label className="loom-fd-label" style={o.isLabelWidth && o.labelWidth ? { width: Number(o.labelWidth) } : undefined}>
      {o.required ? <i>*</i> : null}
      {w.name}
    </label>
  );
  return (
    <div className="loom-fd-field">
      {label}
      <div className="loom-fd-control" style={{ width: typeof o.width === 'string' && o.width !== '100%' ? o.width : undefined }}>
        {control(w)}
      </div>
    </div>
  );
}

const box = (text: ReactNode, suffix?: string, cls = '') => (
  <div className={`loom-fd-box ${cls}`}>
    <span className="loom-fd-ph">{text}</span>
    {suffix ? <span className="loom-fd-suffix">{suffix}</span> : null}
  </div>
);

function choices(w: FormWidget, glyph: string) {
  const o = w.options ?? {};
  const list = Number(o.remote ?? 1) === 1 ? (o.options ?? []) : [];
  if (!list.length) return <span className="loom-fd-ph">{Number(o.remote) === 3 ? `dict: ${o.dictType ?? ''}` : String(o.remoteOption ?? '')}</span>;
  return (
    <div className="loom-fd-choices">
      {list.map((c) => (
        <span key={String(c.value)}>
          <b>{glyph}</b> {c.label ?? String(c.value)}
        </span>
      ))}
    </div>
  );
}

function control(w: FormWidget): ReactNode {
  const o = w.options ?? {};
  const d = o.defaultValue;
  const ph = (o.placeholder as string) || (typeof d === 'string' || typeof d === 'number' ? String(d) : '');
  switch (w.type) {
    case 'textarea':
      return box(ph, undefined, 'loom-fd-box-area');
    case 'number':
      return box(String(d ?? 0), '⇅');
    case 'radio':
      return choices(w, '◯');
    case 'checkbox':
      return choices(w, '☐');
    case 'select':
    case 'dict':
    case 'cascader':
    case 'selectTree':
    case 'office':
    case 'area':
      return box(ph, '▾');
    case 'user':
    case 'role':
      return box(ph, '☰');
    case 'date':
      return box(ph, '▦');
    case 'time':
      return box(ph, '◷');
    case 'rate':
      return <span className="loom-fd-rate">{'★'.repeat(Number(o.max ?? 5))}</span>;
    case 'color':
      return <span className="loom-fd-color" style={{ background: typeof d === 'string' && d ? d : '#fff' }} />;
    case 'switch':
      return <span className="loom-fd-switch" />;
    case 'slider':
      return <div className="loom-fd-slider" />;
    case 'imgupload':
      return <div className="loom-fd-upload-img">+</div>;
    case 'fileupload':
      return <div className="loom-fd-upload-file">⇪ Upload</div>;
    case 'editor':
      return <div className="loom-fd-editor" style={{ height: Number(o.height ?? 250) / 2 }} />;
    case 'text':
      return <span>{String(d ?? '')}</span>;
    case 'html':
      return <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(String(d ?? '')) }} />;
    case 'custom':
      return <div className="loom-fd-box loom-fd-custom">{w.el || w.type}</div>;
    case 'component':
      return <div className="loom-fd-custom" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(String(o.template ?? '')) || '&lt;component&gt;' }} />;
    case 'blank':
      return <div className="loom-fd-box loom-fd-custom">{`{{ ${w.model} }}`}</div>;
    default:
      return box(ph);
  }
}

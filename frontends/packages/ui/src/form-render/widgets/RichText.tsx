import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';

/** The rich-text editor (Quill), loaded on first use so the form bundles stay small. */
export default function RichText({ value, onChange, disabled, height }: { value?: string; onChange?: (v: string) => void; disabled?: boolean; height?: number | string }) {
  return (
    <div className="loom-fr-editor" style={{ background: '#fff' }}>
      <ReactQuill theme="snow" value={value ?? ''} readOnly={disabled} onChange={(v) => onChange?.(v)} style={{ height: typeof height === 'number' ? height : Number(height) || 250, marginBottom: 42 }} />
    </div>
  );
}

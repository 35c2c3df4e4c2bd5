import Editor from '@monaco-editor/react';
import { Spin } from 'antd';
import './monacoSetup';

export interface CodeEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Monaco language id (default `twig`, the Jinja-like template syntax). */
  language?: string;
  height?: number | string;
  readOnly?: boolean;
  path?: string;
}

/** Monaco (bundled, dark theme) as a form field. */
export default function CodeEditor({ value, onChange, language = 'twig', height = 500, readOnly, path }: CodeEditorProps) {
  return (
    <div className="loom-code-editor" data-language={language} style={{ border: '1px solid #303030', borderRadius: 4, overflow: 'hidden' }}>
      <Editor
        height={height}
        language={language}
        path={path}
        theme="vs-dark"
        value={value ?? ''}
        loading={<Spin />}
        onChange={(v) => onChange?.(v ?? '')}
        options={{ readOnly, minimap: { enabled: false }, fontSize: 13, scrollBeyondLastLine: false, automaticLayout: true, tabSize: 2, wordWrap: 'off' }}
      />
    </div>
  );
}

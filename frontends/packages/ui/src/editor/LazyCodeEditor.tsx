import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import type { CodeEditorProps } from './CodeEditor';

const Inner = lazy(() => import('./CodeEditor'));

/** The Monaco editor, loaded on first use (Monaco is large). */
export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<div style={{ height: props.height ?? 500, display: 'grid', placeItems: 'center' }}><Spin /></div>}>
      <Inner {...props} />
    </Suspense>
  );
}
export type { CodeEditorProps };

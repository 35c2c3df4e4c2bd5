/**
 * Monaco bundled from npm (never a CDN): the editor core, its standard features, the languages the
 * template and preview screens need, and the editor worker. `@monaco-editor/react` is pointed at
 * this instance with `loader.config({ monaco })`, so it never fetches a loader script.
 */
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api';
import 'monaco-editor/esm/vs/editor/editor.all.js';
import 'monaco-editor/esm/vs/basic-languages/twig/twig.contribution';
import 'monaco-editor/esm/vs/basic-languages/handlebars/handlebars.contribution';
import 'monaco-editor/esm/vs/basic-languages/java/java.contribution';
import 'monaco-editor/esm/vs/basic-languages/typescript/typescript.contribution';
import 'monaco-editor/esm/vs/basic-languages/javascript/javascript.contribution';
import 'monaco-editor/esm/vs/basic-languages/python/python.contribution';
import 'monaco-editor/esm/vs/basic-languages/sql/sql.contribution';
import 'monaco-editor/esm/vs/basic-languages/xml/xml.contribution';
import 'monaco-editor/esm/vs/basic-languages/html/html.contribution';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution';
import 'monaco-editor/esm/vs/basic-languages/markdown/markdown.contribution';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';
import { loader } from '@monaco-editor/react';

self.MonacoEnvironment = { getWorker: () => new EditorWorker() };
loader.config({ monaco });

// @monaco-editor/react rejects with {type:'cancelation'} when an editor unmounts before it is ready
// (closing a dialog quickly): that is not an error.
window.addEventListener('unhandledrejection', (e) => {
  const reason = e.reason as { type?: string } | null;
  if (reason && reason.type === 'cancelation') e.preventDefault();
});

export { monaco };


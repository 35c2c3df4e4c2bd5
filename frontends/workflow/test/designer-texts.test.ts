import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bpmnZhCN } from '../src/locales/designer-bpmn';

const bpmnJs = dirname(createRequire(import.meta.url).resolve('bpmn-js/package.json'));
const source = (file: string) => readFileSync(join(bpmnJs, 'lib/features', file), 'utf8');

/** The texts bpmn-js shows in its replace menu, context pad and palette. */
function shownTexts(): string[] {
  const labels = [...source('replace/ReplaceOptions.js').matchAll(/label: '([^']+)'/g)].map((m) => m[1] ?? '');
  const translated = ['popup-menu/ReplaceMenuProvider.js', 'context-pad/ContextPadProvider.js', 'palette/PaletteProvider.js'].flatMap((f) =>
    [...source(f).matchAll(/translate\(\s*'([^']+)'/g)].map((m) => m[1] ?? ''),
  );
  return [...new Set([...labels, ...translated])];
}

describe('the designer in zh-CN', () => {
  it('has a Chinese text for every entry of the replace menu, the context pad and the palette', () => {
    const missing = shownTexts().filter((text) => !(text in bpmnZhCN));
    expect(missing).toEqual([]);
  });
});

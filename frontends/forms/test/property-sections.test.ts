import { describe, expect, it } from 'vitest';
import { BOUNDS, type FormWidget } from '../src/render';
import { PROPERTY_SECTIONS, type SectionContext } from '../src/designer/widgetSections';

const shown = (type: string, isRoot = true) => {
  const w = { type, key: `k_${type}`, name: type, model: type, options: {} } as unknown as FormWidget;
  const ctx: SectionContext = { w, o: {}, type, isRoot, t: ((k: string) => k) as SectionContext['t'], b: BOUNDS, lang: 'zh-CN', onChange: () => undefined };
  return PROPERTY_SECTIONS.filter((s) => s.when(ctx)).map((s) => s.key);
};

describe("the widget tab's property sections by widget kind", () => {
  it('gives a field its own sections between the common ones, in a fixed order', () => {
    expect(shown('select')).toEqual(['model', 'name', 'span', 'width', 'placeholder', 'select', 'choices', 'defaultValue', 'fieldRules', 'customClass']);
    expect(shown('number', false)).toEqual(['model', 'name', 'width', 'numberRange', 'defaultValue', 'fieldRules', 'customClass']);
    expect(shown('fileupload')).toEqual(['model', 'name', 'span', 'width', 'limit', 'upload', 'fieldRules', 'customClass']);
  });

  it('gives a layout widget no field sections', () => {
    expect(shown('grid')).toEqual(['name', 'span', 'grid', 'customClass']);
    expect(shown('text')).toEqual(['name', 'span', 'textDefault', 'customClass']);
  });
});

import { describe, expect, it } from 'vitest';
import { resolveFeatures, type DesignerFeature } from '../src/designer/features/feature';

describe('designer features', () => {
  it('are mounted each once, every one after the features it depends on', () => {
    // given b and c depending on a, and d on c
    const a: DesignerFeature = { name: 'a' };
    const b: DesignerFeature = { name: 'b', __depends__: [a] };
    const c: DesignerFeature = { name: 'c', __depends__: [a] };
    const d: DesignerFeature = { name: 'd', __depends__: [c] };
    // then listing d, b, c gives a once and each dependency first
    expect(resolveFeatures([d, b, c]).map((f) => f.name)).toEqual(['a', 'c', 'd', 'b']);
  });

  it('refuse features that depend on each other', () => {
    const a: DesignerFeature = { name: 'a' };
    const b: DesignerFeature = { name: 'b', __depends__: [a] };
    a.__depends__ = [b];
    expect(() => resolveFeatures([a])).toThrow('a → b → a');
  });
});

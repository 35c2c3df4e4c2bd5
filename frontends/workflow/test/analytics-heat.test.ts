import { describe, expect, it } from 'vitest';
import { axisDuration, heat, humanDuration } from '../src/components/analytics/duration';

describe('流程分析 heatmap colours and durations', () => {
  it('tints the slowest node red, a node with no wait green, and clamps beyond', () => {
    expect(heat(1)).toBe('hsl(0, 75%, 50%)');
    expect(heat(0)).toBe('hsl(120, 75%, 50%)');
    expect(heat(2)).toBe(heat(1));
  });

  it('reads a wait in the unit a person would use', () => {
    expect(humanDuration(45_000)).toBe('45 s');
    expect(humanDuration(12 * 60_000)).toBe('12 min');
    expect(humanDuration(3.5 * 3_600_000)).toBe('3.5 h');
    expect(humanDuration(2 * 86_400_000)).toBe('2.0 d');
  });

  it('labels a chart axis with a decimal where a whole unit would repeat', () => {
    expect([0, 500, 1500, 2000].map(axisDuration)).toEqual(['0 s', '0.5 s', '1.5 s', '2 s']);
    expect(axisDuration(90 * 60_000)).toBe('1.5 h');
    expect(axisDuration(25 * 60_000)).toBe('25 min');
  });
});

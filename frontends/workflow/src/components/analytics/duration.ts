/** A duration in ms as people read it: 45 s, 12 min, 3.5 h, 2.1 d. */
export function humanDuration(ms: number): string {
  const s = ms / 1000;
  if (s < 60) return `${Math.round(s)} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 86400) return `${(s / 3600).toFixed(1)} h`;
  return `${(s / 86400).toFixed(1)} d`;
}

/** As {@link humanDuration}, with a decimal below 10 of the unit (a chart's axis: 0.5 s, 1.5 s, 2 s). */
export function axisDuration(ms: number): string {
  const [per, unit] = UNITS.find(([, , below]) => ms < below) ?? UNITS[UNITS.length - 1]!;
  const value = ms / per;
  return `${Number(value.toFixed(value < 10 ? 1 : 0))} ${unit}`;
}

// [ms per unit, unit, used below (ms)]
const UNITS: [number, string, number][] = [
  [1000, 's', 60_000],
  [60_000, 'min', 3_600_000],
  [3_600_000, 'h', 86_400_000],
  [86_400_000, 'd', Infinity],
];

/** Green (fast) to red (slowest) for a share 0..1 of the slowest node's wait. */
export function heat(share: number): string {
  const hue = Math.round(120 * (1 - Math.min(Math.max(share, 0), 1)));
  return `hsl(${hue}, 75%, 50%)`;
}

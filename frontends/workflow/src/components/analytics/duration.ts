/** A duration in ms as people read it: 45 s, 12 min, 3.5 h, 2.1 d. */
export function humanDuration(ms: number): string {
  const s = ms / 1000;
  if (s < 60) return `${Math.round(s)} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 86400) return `${(s / 3600).toFixed(1)} h`;
  return `${(s / 86400).toFixed(1)} d`;
}

/** Green (fast) to red (slowest) for a share 0..1 of the slowest node's wait. */
export function heat(share: number): string {
  const hue = Math.round(120 * (1 - Math.min(Math.max(share, 0), 1)));
  return `hsl(${hue}, 75%, 50%)`;
}

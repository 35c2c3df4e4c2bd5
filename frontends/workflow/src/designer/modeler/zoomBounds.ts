/**
 * Keeps every zoom within the designer's bounds (seed 001 §2.1, §9: 0.2 to 2): the toolbar's
 * buttons step inside them, but diagram-js' Ctrl + wheel zooms to 4 and 'fit-viewport' to
 * whatever fits. The canvas' `zoom` is wrapped once, so every caller is held to the bounds.
 */
export const ZOOM_MIN = 0.2;
export const ZOOM_MAX = 2;

export const clampZoom = (scale: number): number => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, scale));

type Zoom = (level?: number | string, center?: unknown) => number;

export class ZoomBounds {
  static $inject = ['canvas'];
  constructor(canvas: { zoom: Zoom }) {
    const zoom: Zoom = canvas.zoom.bind(canvas);
    canvas.zoom = (level, center) => {
      if (typeof level === 'number') return zoom(clampZoom(level), center);
      const scale = zoom(level, center);
      return level === undefined || scale === clampZoom(scale) ? scale : zoom(clampZoom(scale), 'auto');
    };
  }
}

export const zoomBoundsModule = { __init__: ['zoomBounds'], zoomBounds: ['type', ZoomBounds] };

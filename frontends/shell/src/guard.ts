/**
 * Blocks F12, Ctrl+Shift+I, Ctrl+Shift+C (and Cmd+Opt+I/C) and the context menu.
 *
 * On by default in production builds, off in development. Overrides, strongest first:
 *   - URL parameter `?loom-guard=on|off` (remembered for the browser session, for tests);
 *   - build-time env `VITE_LOOM_BLOCK_DEVTOOLS=1|0`.
 */
const KEY = 'loom.guard';

export function guardEnabled(): boolean {
  try {
    const url = new URL(window.location.href).searchParams.get('loom-guard');
    if (url === 'on' || url === 'off') sessionStorage.setItem(KEY, url);
    const remembered = sessionStorage.getItem(KEY);
    if (remembered === 'on') return true;
    if (remembered === 'off') return false;
  } catch {
    /* ignore */
  }
  const env = import.meta.env.VITE_LOOM_BLOCK_DEVTOOLS;
  if (env === '1' || env === 'true') return true;
  if (env === '0' || env === 'false') return false;
  return import.meta.env.PROD;
}

export function isBlockedKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
  const k = e.key.toUpperCase();
  if (k === 'F12') return true;
  if (e.ctrlKey && e.shiftKey && (k === 'I' || k === 'C' || k === 'J')) return true;
  if (e.metaKey && e.altKey && (k === 'I' || k === 'C' || k === 'J')) return true;
  return false;
}

export function installGuard(): void {
  if (!guardEnabled() || document.documentElement.dataset.loomGuard === 'on') return;
  document.documentElement.dataset.loomGuard = 'on';
  window.addEventListener(
    'keydown',
    (e) => {
      if (isBlockedKey(e)) {
        e.preventDefault();
        e.stopPropagation();
      }
    },
    true,
  );
  window.addEventListener('contextmenu', (e) => e.preventDefault(), true);
}

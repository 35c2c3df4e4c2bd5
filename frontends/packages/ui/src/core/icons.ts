/// <reference path="../env.d.ts" />
import type { ComponentType } from 'react';

export interface AntdIconEntry {
  name: string;
  Icon: ComponentType<{ style?: React.CSSProperties; className?: string }>;
}

let antdCache: Promise<AntdIconEntry[]> | null = null;
let faCssLoaded: Promise<unknown> | null = null;

const ANTD_NAME = /^[A-Z][A-Za-z0-9]*(Outlined|Filled|TwoTone)$/;

/** All antd icons (loaded on first use: the icon package is large). */
export function loadAntdIcons(): Promise<AntdIconEntry[]> {
  if (!antdCache) {
    antdCache = import('@ant-design/icons/es/icons/index.js').then((mod) =>
      Object.entries(mod as unknown as Record<string, unknown>)
        .filter(([name, v]) => ANTD_NAME.test(name) && v != null && (typeof v === 'object' || typeof v === 'function'))
        .map(([name, v]) => ({ name, Icon: v as AntdIconEntry['Icon'] }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
  }
  return antdCache;
}

/** Loads the bundled Font Awesome stylesheet and fonts (never from another host). */
export function ensureFontAwesome(): Promise<unknown> {
  if (!faCssLoaded) faCssLoaded = import('@fortawesome/fontawesome-free/css/all.min.css');
  return faCssLoaded;
}

/** All Font Awesome Free class names, e.g. `fa-solid fa-user`. */
export async function loadFaIcons(): Promise<string[]> {
  const [{ FA_ICONS }] = await Promise.all([import('../icons/fa-icons'), ensureFontAwesome()]);
  const out: string[] = [];
  for (const [style, names] of Object.entries(FA_ICONS)) for (const n of names) out.push(`${style} fa-${n}`);
  return out;
}

export function isAntdIconName(name: string | null | undefined): boolean {
  return !!name && (ANTD_NAME.test(name) || /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name));
}

/**
 * The antd component name of a menu icon: `UserOutlined` stays, the kebab-case svg name of the
 * seeds (`user`, `check-square`, `user-filled`) becomes `UserOutlined`, `CheckSquareOutlined`, `UserFilled`.
 */
export function antdIconName(name: string): string {
  if (ANTD_NAME.test(name)) return name;
  const parts = name.split('-');
  const last = parts[parts.length - 1];
  const theme = last === 'filled' ? 'Filled' : last === 'twotone' ? 'TwoTone' : last === 'outlined' ? 'Outlined' : null;
  const base = (theme ? parts.slice(0, -1) : parts).map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');
  return base + (theme ?? 'Outlined');
}

export function isFaClass(name: string | null | undefined): boolean {
  return !!name && /(^|\s)fa[a-z-]*(\s|$)|(^|\s)fa-/.test(name);
}

/** Copies text to the clipboard (Clipboard API, then the legacy fallback). Resolves false when refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall back */
  }
  try {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    return ok;
  } catch {
    return false;
  }
}

import type { ComponentType } from 'react';
import type { MenuNode } from './session';

/** Props the shell gives to every page it opens. */
export interface PageProps {
  /** The menu href that opened the page, e.g. `/sys/user/UserList`. */
  href: string;
  /** The menu node of the page, when it comes from the menu tree. */
  menu?: MenuNode;
  /** Query parameters of the page URL. */
  query: URLSearchParams;
}

export type PageModule = { default: ComponentType<PageProps> };

/**
 * What a remote exposes as `./routes`: menu href → page loader. The shell maps a menu href to a
 * remote by its first segment (docs/wire.md) and opens `routes[href]`.
 */
export type RemoteRoutes = Record<string, () => Promise<PageModule>>;

/** The remote (area) that owns a menu href: `/sys/*` → sys, `/gencode|gen|database/*` → gencode, … */
export function areaOfHref(href: string): string | null {
  const seg = href.replace(/^\/+/, '').split(/[/?#]/)[0] ?? '';
  switch (seg) {
    case 'sys':
      return 'sys';
    case 'gencode':
    case 'gen':
    case 'database':
      return 'gencode';
    case 'flowable':
    case 'extension':
      return 'workflow';
    case 'form':
      return 'forms';
    default:
      return null;
  }
}

/** A live generated module the caller may open (`GET /apps/module/remotes`). */
export interface GeneratedModule {
  /** `<module>/<entity>`. */
  name: string;
  /** The href prefix its pages own, e.g. `/demo/note/`. */
  href: string;
  /** Its permission prefix (`<module>:<entity>`). */
  permission: string;
}

/** The generated module that owns a menu href (`/demo/note/NoteList` → `demo/note`), if any. */
export function moduleOfHref(modules: GeneratedModule[], href: string): GeneratedModule | null {
  const path = '/' + href.replace(/^\/+/, '').split(/[?#]/)[0];
  return modules.find((m) => path.startsWith(m.href)) ?? null;
}

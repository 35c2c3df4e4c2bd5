import type { ComponentType } from 'react';
import type { ModuleRemote } from '../api/apps';
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

/**
 * The built-in areas by the first segment of a menu href (docs/wire.md). The menu's hrefs are the
 * JeePlus client's views (one menu for both portals), and the areas follow them: `/sys/*` → sys,
 * `/gen/*` and `/database/*` → gencode, `/flowable/*` → workflow, `/form/*` → forms.
 */
const BUILT_IN_AREAS: Record<string, string> = {
  sys: 'sys',
  gen: 'gencode',
  database: 'gencode',
  flowable: 'workflow',
  form: 'forms',
};

/** Hrefs of an area other than their first segment names: 流程表单 is the client's `/flowable/form/` view but a forms page. */
const BUILT_IN_PREFIXES: Array<[prefix: string, area: string]> = [['/flowable/form/', 'forms']];

/** A remote registered at run time: its module-federation name and the href prefixes it owns. */
export interface RuntimeArea {
  name: string;
  prefixes: string[];
}

let runtimeAreas: RuntimeArea[] = [];

/** The remotes the shell registered at run time (the live generated modules); replaces the last list. */
export function setRuntimeAreas(areas: RuntimeArea[]): void {
  runtimeAreas = areas;
}

function pathOf(href: string): string {
  return '/' + href.replace(/^\/+/, '').split(/[?#]/)[0];
}

/** The remote (area) that owns a menu href: a built-in area, or a remote registered at run time. */
export function areaOfHref(href: string): string | null {
  const path = pathOf(href);
  const owner = BUILT_IN_PREFIXES.find(([prefix]) => path.startsWith(prefix));
  if (owner) return owner[1];
  const builtIn = BUILT_IN_AREAS[path.split('/')[1] ?? ''];
  if (builtIn) return builtIn;
  return runtimeAreas.find((a) => a.prefixes.some((p) => path.startsWith(p)))?.name ?? null;
}

/** A live generated module the caller may open (`GET /apps/module/remotes`): its name
 * (`<module>/<entity>`), href, the href prefixes its remote owns, its permission, and its remote and
 * entry ('' before a build). */
export type GeneratedModule = ModuleRemote;

/** The generated module that owns a menu href (`/demo/note/NoteList` → `demo/note`), if any. */
export function moduleOfHref(modules: GeneratedModule[], href: string): GeneratedModule | null {
  const path = pathOf(href);
  return modules.find((m) => m.prefixes.some((p) => path.startsWith(p))) ?? null;
}

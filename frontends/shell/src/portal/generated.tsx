import { useEffect, useState } from 'react';
import { Spin } from 'antd';
import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { GeneratedPage } from '@loom/ui';
import { http, moduleOfHref, setRuntimeAreas, type GeneratedModule, type MenuNode, type RemoteRoutes } from '@loom/ui/core';
import { PageNotFound, RemotePage } from './remotes';

/**
 * The live generated modules the user may open (the app host's `/apps/module/remotes`), read at
 * login and again whenever a menu href matches none of them (a module may have gone live since).
 * Each one's pages are a module-federated remote the host built (`/mf/apps/<module>/`); it is
 * registered with the federation runtime here, at run time, beside the shell's built-in areas.
 */
let known: Promise<GeneratedModule[]> | null = null;
/** Remote name → the entry registered for it (a new version has a new entry). */
const registered = new Map<string, string>();

function register(modules: GeneratedModule[]): GeneratedModule[] {
  const built = modules.filter((m) => m.remote && m.entry);
  const changed = built.filter((m) => registered.get(m.remote) !== m.entry);
  if (changed.length) {
    // force: a module published again replaces its remote (and the runtime's cache of it)
    registerRemotes(
      changed.map((m) => ({ name: m.remote, entry: m.entry, type: 'module', shareScope: 'default' })),
      { force: true },
    );
    for (const m of changed) registered.set(m.remote, m.entry);
  }
  setRuntimeAreas(built.map((m) => ({ name: m.remote, prefixes: m.prefixes })));
  return modules;
}

export function loadGeneratedModules(refresh = false): Promise<GeneratedModule[]> {
  if (!known || refresh) {
    known = http
      .get<GeneratedModule[]>('/apps/module/remotes', undefined, { silent: true })
      .then((modules) => register(Array.isArray(modules) ? modules : []))
      .catch(() => []);
  }
  return known;
}

const routesByEntry = new Map<string, Promise<RemoteRoutes>>();

/** The `./routes` a generated module's remote exposes (one load per entry, i.e. per version). */
function loadModuleRoutes(module: GeneratedModule): Promise<RemoteRoutes> {
  const entry = module.entry;
  let p = routesByEntry.get(entry);
  if (!p) {
    p = loadRemote<{ default?: RemoteRoutes } & RemoteRoutes>(`${module.remote}/routes`).then((m) => {
      if (!m) throw new Error(`${module.remote} exposes no ./routes`);
      return m.default ?? m;
    });
    p.catch(() => routesByEntry.delete(entry));
    routesByEntry.set(entry, p);
  }
  return p;
}

/** A menu href outside the built-in areas: a generated module's page from its remote, or "page not found". */
export function GeneratedModulePage({ href, menu, query }: { href: string; menu?: MenuNode; query: URLSearchParams }) {
  const [module, setModule] = useState<GeneratedModule | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    setModule(undefined);
    loadGeneratedModules()
      .then((modules) => moduleOfHref(modules, href) ?? loadGeneratedModules(true).then((again) => moduleOfHref(again, href)))
      .then((found) => alive && setModule(found));
    return () => {
      alive = false;
    };
  }, [href]);
  if (module === undefined)
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  if (module === null) return <PageNotFound href={href} />;
  if (module.remote && module.entry)
    return <RemotePage key={module.entry} area={module.remote} href={href} menu={menu} query={query} routes={() => loadModuleRoutes(module)} />;
  // a version live from before the host built pages: drawn from its metadata
  return <GeneratedPage module={module} />;
}

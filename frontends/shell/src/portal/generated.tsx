import { useEffect, useState } from 'react';
import { Spin } from 'antd';
import { GeneratedPage } from '@loom/ui';
import { http, moduleOfHref, type GeneratedModule } from '@loom/ui/core';
import { PageNotFound } from './remotes';

/**
 * The live generated modules the user may open (the app host's `/apps/module/remotes`), read once
 * after login and again whenever a menu href matches none of them (a module may have gone live since).
 */
let known: Promise<GeneratedModule[]> | null = null;

export function loadGeneratedModules(refresh = false): Promise<GeneratedModule[]> {
  if (!known || refresh) {
    known = http.get<GeneratedModule[]>('/apps/module/remotes', undefined, { silent: true }).catch(() => []);
  }
  return known;
}

/** A menu href outside the built-in areas: a generated module's page, or "page not found". */
export function GeneratedModulePage({ href }: { href: string }) {
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
  return <GeneratedPage module={module} />;
}

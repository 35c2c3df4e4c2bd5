import { Component, lazy, Suspense, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuNode, PageProps, RemoteRoutes } from '@loom/ui/core';

/**
 * Loads the `./routes` module a remote exposes. Each import names a remote declared in
 * vite.config.ts (`/mf/<area>/remoteEntry.js`); the promise rejects when the remote is down.
 */
function importRoutes(area: string): Promise<{ default: RemoteRoutes }> {
  switch (area) {
    case 'sys':
      return import('sys/routes');
    case 'gencode':
      return import('gencode/routes');
    case 'workflow':
      return import('workflow/routes');
    case 'forms':
      return import('forms/routes');
    default:
      return Promise.reject(new Error(`unknown area ${area}`));
  }
}

const cache = new Map<string, Promise<RemoteRoutes>>();

export function loadAreaRoutes(area: string): Promise<RemoteRoutes> {
  let p = cache.get(area);
  if (!p) {
    p = importRoutes(area).then((m) => m.default ?? (m as unknown as RemoteRoutes));
    p.catch(() => cache.delete(area));
    cache.set(area, p);
  }
  return p;
}

interface BoundaryProps {
  area: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Shows "area unavailable" in the page pane when a remote (or one of its pages) fails to load or render. */
class AreaBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(`[loom] area ${this.props.area} failed`, error, info.componentStack);
  }
  override render() {
    if (this.state.error) {
      return (
        <AreaUnavailable
          area={this.props.area}
          error={this.state.error}
          onRetry={() => {
            // the browser keeps a failed module script in its module map, so a remote entry that
            // failed to load can only be fetched again by a new page load
            if (/RUNTIME-008|Failed to load script|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(String(this.state.error?.message))) {
              window.location.reload();
              return;
            }
            this.setState({ error: null });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

function AreaUnavailable({ area, error, onRetry }: { area: string; error: Error; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  const name = t(`areas.${area}`, { defaultValue: area });
  const short = (error.message || String(error)).split('\n')[0]?.slice(0, 160) ?? '';
  return (
    <div className="loom-area-unavailable" data-area={area}>
    <Result
      status="warning"
      title={t('areaUnavailable', { area: name })}
      subTitle={t('areaUnavailableText', { error: short })}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    />
    </div>
  );
}

export function PageNotFound({ href }: { href: string }) {
  const { t } = useTranslation('shell');
  return <Result status="404" className="loom-page-not-found" title={t('pageNotFound')} subTitle={t('pageNotFoundText', { href })} />;
}

/**
 * A page of a remote, lazy-loaded inside an error boundary. `routes` loads the remote's `./routes`
 * (default: the built-in area's; a generated module's remote is registered at run time).
 */
export function RemotePage({
  area,
  href,
  menu,
  query,
  routes: loadRoutes,
}: {
  area: string;
  href: string;
  menu?: MenuNode;
  query: URLSearchParams;
  routes?: () => Promise<RemoteRoutes>;
}) {
  const [attempt, setAttempt] = useState(0);
  const Page = useMemo(
    () =>
      lazy(async () => {
        const routes = await (loadRoutes ? loadRoutes() : loadAreaRoutes(area));
        const loader = routes[href];
        if (!loader) return { default: () => <PageNotFound href={href} /> };
        return loader();
      }),
    // a retry builds a new lazy component
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [area, href, attempt],
  );
  const props: PageProps = { href, menu, query };
  return (
    <AreaBoundary area={area} onRetry={() => setAttempt((a) => a + 1)} key={attempt}>
      <Suspense
        fallback={
          <div style={{ padding: 48, textAlign: 'center' }}>
            <Spin />
          </div>
        }
      >
        <Page {...props} />
      </Suspense>
    </AreaBoundary>
  );
}

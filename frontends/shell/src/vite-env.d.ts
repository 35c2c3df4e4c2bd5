/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** '1' blocks F12 / devtools shortcuts / the context menu, '0' allows them (default: on in production builds). */
  readonly VITE_LOOM_BLOCK_DEVTOOLS?: string;
}

declare module 'sys/routes' {
  const routes: import('@loom/ui/core').RemoteRoutes;
  export default routes;
}
declare module 'gencode/routes' {
  const routes: import('@loom/ui/core').RemoteRoutes;
  export default routes;
}
declare module 'workflow/routes' {
  const routes: import('@loom/ui/core').RemoteRoutes;
  export default routes;
}
declare module 'forms/routes' {
  const routes: import('@loom/ui/core').RemoteRoutes;
  export default routes;
}
declare module '*.css';

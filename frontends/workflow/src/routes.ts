import type { RemoteRoutes } from '@loom/ui';

/** Pages of the workflow area, keyed by menu href (docs/wire.md "Seeded menus"). */
const routes: RemoteRoutes = {};

export default routes;

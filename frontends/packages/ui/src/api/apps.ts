/** The answers of the app host's HTTP API as its OpenAPI declares them (generated in `apps.gen.ts` by
 * `make clients`): the generated modules' state, remotes, test logs and pages, read by the portal,
 * gencode's table list and workflow's external forms. */
import type { components } from './apps.gen';

type Schemas = components['schemas'];

/** A generated module's state at the app host (`GET /apps/module/list`). */
export type ModulePublic = Schemas['ModulePublic'];
/** A live generated module the caller may open (`GET /apps/module/remotes`). */
export type ModuleRemote = Schemas['ModuleRemote'];
/** The test log of a module's version (`GET /apps/module/log`). */
export type ModuleTestLog = Schemas['ModuleTestLog'];
/** The list and form pages of a generated module, as data (`GET /apps/module/pages`). */
export type ModulePages = Schemas['ModulePages'];
/** A column of a generated module's pages. */
export type PageColumn = Schemas['PageColumn'];

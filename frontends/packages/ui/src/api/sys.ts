/** The answers of sys's HTTP API that `@loom/ui` reads, as sys's OpenAPI declares them (generated in
 * `sys.gen.ts` by `make clients`): the login, the caller, the portal's menus and dictionaries, the
 * office tree and the users a picker lists. */
import type { components } from './sys.gen';

type Schemas = components['schemas'];

/** The tokens of a login (`POST /sys/login`). */
export type LoginAnswer = Schemas['LoginAnswer'];
/** The menus, permissions and dictionaries of the caller (`GET /sys/user/getMenus`). */
export type PortalStart = Schemas['PortalStart'];
/** The caller and their roles (`GET /sys/user/info`). */
export type CallerInfo = Schemas['CallerInfo'];
/** A node of the menu tree (`menuList` / `routerList` of `GET /sys/user/getMenus`). */
export type MenuNode = Schemas['MenuNode'];
/** A value of a dictionary (`dictList` of `GET /sys/user/getMenus`, `GET /sys/dict/getDictMap`). */
export type DictEntry = Schemas['DictEntry'];
/** A company or department of the office tree (`GET /sys/office/treeData`). */
export type OfficeNode = Schemas['OfficeNode'];
/** A user as a picker lists them (`GET /sys/user/list` to one who does not administer users). */
export type UserPicked = Schemas['UserPicked'];
/** A user, role, post or office as its `queryById` answers it (a user: in full to one who administers
 * users, as a picker lists them to others). */
export type NamedRecord = Schemas['UserDetail'] | UserPicked | Schemas['RoleDetail'] | Schemas['PostPublic'] | Schemas['OfficePublic'];

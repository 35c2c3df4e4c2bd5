import { Emitter, globalSingleton } from './events';
import { readJSON, readString, writeJSON, writeString } from './storage';
import type { CallerInfo, DictEntry, MenuNode as SysMenuNode, PortalStart } from '../api/sys';

/** A node of the menu tree answered by `GET /sys/user/getMenus` (`menuList` / `routerList`). */
export type MenuNode = SysMenuNode;
/** A value of a dictionary, as `GET /sys/user/getMenus` and `GET /sys/dict/getDictMap` answer it. */
export type DictItem = DictEntry;
/** The values of each dictionary type, by the type's name. */
export type DictMap = PortalStart['dictList'];
/** The caller, as `GET /sys/user/info` answers it (its `user`). */
export type UserInfo = CallerInfo['user'];

export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  user: UserInfo | null;
  menuList: MenuNode[];
  routerList: MenuNode[];
  permissions: string[];
  dictList: DictMap;
}

/** Storage keys. Tokens live in localStorage; menus, permissions and dictionaries in sessionStorage (as JeePlus). */
export const STORAGE_KEYS = {
  token: 'loom.token',
  refreshToken: 'loom.refreshToken',
  user: 'loom.user',
  menuList: 'allMenuList',
  routerList: 'routerList',
  permissions: 'permissions',
  dictList: 'dictList',
  lang: 'loom.lang',
} as const;

function setTokenCookie(token: string | null): void {
  try {
    if (typeof document === 'undefined') return;
    // The token cookie lets <img src> and downloads authenticate (docs/wire.md, "Token").
    document.cookie = token
      ? `token=${encodeURIComponent(token)}; path=/; SameSite=Strict`
      : 'token=; path=/; max-age=0; SameSite=Strict';
  } catch {
    /* ignore */
  }
}

class SessionStore {
  readonly changed = new Emitter<SessionState>();
  private state: SessionState;
  private permSet: Set<string>;

  constructor() {
    this.state = {
      token: readString('local', STORAGE_KEYS.token),
      refreshToken: readString('local', STORAGE_KEYS.refreshToken),
      user: readJSON<UserInfo | null>('session', STORAGE_KEYS.user, null),
      menuList: readJSON<MenuNode[]>('session', STORAGE_KEYS.menuList, []),
      routerList: readJSON<MenuNode[]>('session', STORAGE_KEYS.routerList, []),
      permissions: readJSON<string[]>('session', STORAGE_KEYS.permissions, []),
      dictList: readJSON<DictMap>('session', STORAGE_KEYS.dictList, {}),
    };
    this.permSet = new Set(this.state.permissions);
  }

  get(): SessionState {
    return this.state;
  }

  private update(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    if (patch.permissions) this.permSet = new Set(patch.permissions);
    this.changed.emit(this.state);
  }

  setTokens(token: string | null, refreshToken: string | null): void {
    writeString('local', STORAGE_KEYS.token, token);
    writeString('local', STORAGE_KEYS.refreshToken, refreshToken);
    setTokenCookie(token);
    this.update({ token, refreshToken });
  }

  setUser(user: UserInfo | null): void {
    writeJSON('session', STORAGE_KEYS.user, user);
    this.update({ user });
  }

  setMenus(data: Partial<PortalStart>): void {
    const menuList = data.menuList ?? [];
    const routerList = data.routerList ?? [];
    const permissions = data.permissions ?? [];
    const dictList = data.dictList ?? {};
    writeJSON('session', STORAGE_KEYS.menuList, menuList);
    writeJSON('session', STORAGE_KEYS.routerList, routerList);
    writeJSON('session', STORAGE_KEYS.permissions, permissions);
    writeJSON('session', STORAGE_KEYS.dictList, dictList);
    this.update({ menuList, routerList, permissions, dictList });
  }

  setDictList(dictList: DictMap): void {
    writeJSON('session', STORAGE_KEYS.dictList, dictList);
    this.update({ dictList });
  }

  hasPermission(key: string | undefined | null): boolean {
    if (!key) return true;
    return this.permSet.has(key);
  }

  isLoggedIn(): boolean {
    return !!this.state.token;
  }

  /** Forgets tokens and everything derived from the login (the JeePlus `clearLoginInfo`). */
  clear(): void {
    writeString('local', STORAGE_KEYS.token, null);
    writeString('local', STORAGE_KEYS.refreshToken, null);
    setTokenCookie(null);
    for (const k of [STORAGE_KEYS.user, STORAGE_KEYS.menuList, STORAGE_KEYS.routerList, STORAGE_KEYS.permissions, STORAGE_KEYS.dictList]) {
      writeString('session', k, null);
    }
    this.update({ token: null, refreshToken: null, user: null, menuList: [], routerList: [], permissions: [], dictList: {} });
  }
}

/** The login session: tokens, user, menus, permissions and the dictionary map. */
export const session: SessionStore = globalSingleton('session', () => new SessionStore());
export type { SessionStore };

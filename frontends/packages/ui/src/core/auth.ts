import { http } from './http';
import { globalSingleton } from './events';
import { session, type UserInfo } from './session';
import type { CallerInfo, LoginAnswer, PortalStart } from '../api/sys';

/** The tokens of a login, as `POST /sys/login` answers them. */
export type LoginResult = LoginAnswer;

/** `POST /sys/login`; stores the tokens. Errors are not shown (the login form shows them). */
export async function login(username: string, password: string, code?: string): Promise<LoginResult> {
  const data = await http.post<LoginResult>('/sys/login', { username, password, code }, { anonymous: true, silent: true });
  session.setTokens(data.token, data.refreshToken);
  return data;
}

/** `GET /sys/logout`, then forgets the session whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await http.get('/sys/logout', undefined, { silent: true });
  } catch {
    /* the session is cleared anyway */
  } finally {
    session.clear();
  }
}

/** The caller's menus, permissions and dictionaries, as `GET /sys/user/getMenus` answers them. */
export type MenusResult = PortalStart;

const menusInflight = globalSingleton('menusInflight', () => ({ p: null as Promise<MenusResult> | null, at: 0 }));

/**
 * `GET /sys/user/getMenus`, shared by concurrent callers: the login page starts it before the
 * portal boots, and the portal takes that answer when it is less than 10 s old (`force` asks again).
 */
export function fetchMenus(force = false): Promise<MenusResult> {
  const fresh = menusInflight.p && Date.now() - menusInflight.at < 10000;
  if (force || !fresh) {
    const p = http.get<MenusResult>('/sys/user/getMenus', undefined, { silent: true });
    menusInflight.p = p;
    menusInflight.at = Date.now();
    p.catch(() => {
      if (menusInflight.p === p) menusInflight.p = null;
    });
  }
  return menusInflight.p as Promise<MenusResult>;
}

/** Menus, permissions and the dictionary map of the user, kept in session storage. */
export async function loadMenus(force = false): Promise<MenusResult> {
  const data = await fetchMenus(force);
  session.setMenus(data ?? {});
  return data;
}

/** `GET /sys/user/info`. */
export async function loadUserInfo(): Promise<UserInfo | null> {
  const data = await http.get<CallerInfo | null>('/sys/user/info');
  const user = data?.user ?? null;
  session.setUser(user);
  return user;
}

/** `POST /sys/user/savePwd`. */
export function changePassword(oldPassword: string, newPassword: string): Promise<string> {
  return http.post<string>('/sys/user/savePwd', { oldPassword, newPassword });
}

/** True when the current user holds the permission string (an empty key is always allowed). */
export function hasPermission(key: string | undefined | null): boolean {
  return session.hasPermission(key);
}

import { Emitter, globalSingleton } from './events';
import { getLang, tUi } from './i18n';
import { withQuery, type QueryObject } from './qs';
import { session } from './session';

/** An error answered by a service (`{code, msg, details}`) or raised by the transport. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly url: string;
  /** Set once the error has been shown to the user, so callers do not show it twice. */
  handled = false;
  constructor(status: number, code: string, msg: string, url: string, details?: unknown) {
    super(msg);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.url = url;
    this.details = details;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query parameters, serialised like qs `allowDots` + `indices`. */
  params?: QueryObject;
  /** Request body: JSON by default, form-encoded when `form` is true. */
  data?: unknown;
  form?: boolean;
  /** Do not show the error message (the caller handles it). */
  silent?: boolean;
  /** Count this request in the global loading indicator (`useHttpLoading`). */
  loading?: boolean;
  /** Skip 401/408 handling (used by the login and refresh calls). */
  anonymous?: boolean;
  responseType?: 'json' | 'blob' | 'text';
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface HttpConfig {
  /** Prefix for relative URLs; `/api` by default (the gateway strips it). */
  baseURL: string;
  /** Shows an error message; the shell plugs in antd's `message.error`. */
  notify: (msg: string, err: HttpError) => void;
  /** Called after a 401 (or a failed refresh): the shell goes to the login page. */
  onUnauthorized: (err: HttpError) => void;
}

interface HttpState {
  config: HttpConfig;
  loadingCount: number;
  refreshing: Promise<boolean> | null;
}

const state: HttpState = globalSingleton('http', () => ({
  config: {
    baseURL: '/api',
    notify: (msg: string) => {
      console.error(msg);
    },
    onUnauthorized: () => {
      /* set by the shell */
    },
  },
  loadingCount: 0,
  refreshing: null,
}));

/** Emits the number of in-flight requests that asked for `loading: true`. */
export const loadingChanged: Emitter<number> = globalSingleton('httpLoading', () => new Emitter<number>());

export function configureHttp(patch: Partial<HttpConfig>): void {
  state.config = { ...state.config, ...patch };
}

export function getLoadingCount(): number {
  return state.loadingCount;
}

function resolveUrl(url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  if (url.startsWith(state.config.baseURL + '/')) return url;
  return state.config.baseURL + (url.startsWith('/') ? url : '/' + url);
}

function formBody(data: unknown): string {
  const params = new URLSearchParams();
  if (data && typeof data === 'object') {
    for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
      if (v === undefined) continue;
      params.append(k, v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
  }
  return params.toString();
}

/** Turns a failed response into an HttpError with the message to show (the one place that does it). */
async function toError(res: Response, url: string): Promise<HttpError> {
  let body: unknown = null;
  const text = await res.text().catch(() => '');
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  let code = `HTTP_${res.status}`;
  let msg = '';
  let details: unknown;
  if (body && typeof body === 'object') {
    const b = body as { code?: unknown; msg?: unknown; message?: unknown; details?: unknown };
    if (b.code != null) code = String(b.code);
    if (typeof b.msg === 'string') msg = b.msg;
    else if (typeof b.message === 'string') msg = b.message;
    details = b.details;
  } else if (typeof body === 'string' && body.length < 500 && !/<html/i.test(body)) {
    msg = body;
  }
  if (!msg) {
    if (res.status === 404) msg = tUi('http.notFound', { url });
    else if (res.status === 503 || res.status === 502) msg = tUi('http.unavailable', { url });
    else if (res.status === 504) msg = tUi('http.gateway', { url });
    else if (res.status === 401 || res.status === 408) msg = tUi('http.unauthorized');
    else if (res.status === 403) msg = tUi('http.forbidden');
    else msg = tUi('http.server');
  }
  return new HttpError(res.status, code, msg, url, details);
}

async function refreshTokens(): Promise<boolean> {
  const refreshToken = session.get().refreshToken;
  if (!refreshToken) return false;
  if (!state.refreshing) {
    state.refreshing = (async () => {
      try {
        const res = await fetch(withQuery(resolveUrl('/sys/refreshToken'), { refreshToken }), {
          headers: { Accept: 'application/json', 'Accept-Language': getLang() },
        });
        if (!res.ok) return false;
        const data = (await res.json()) as { token?: string; refreshToken?: string };
        if (!data.token) return false;
        session.setTokens(data.token, data.refreshToken ?? refreshToken);
        return true;
      } catch {
        return false;
      } finally {
        setTimeout(() => {
          state.refreshing = null;
        }, 0);
      }
    })();
  }
  return state.refreshing;
}

async function send(url: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json, text/plain, */*',
    'Accept-Language': getLang(),
    ...opts.headers,
  };
  const token = session.get().token;
  if (token && !opts.anonymous) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.data !== undefined) {
    if (opts.data instanceof FormData || opts.data instanceof Blob) {
      body = opts.data;
    } else if (opts.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=utf-8';
      body = formBody(opts.data);
    } else {
      headers['Content-Type'] = 'application/json; charset=utf-8';
      body = JSON.stringify(opts.data);
    }
  }
  return fetch(withQuery(resolveUrl(url), opts.params), {
    method: opts.method ?? 'GET',
    headers,
    body,
    signal: opts.signal,
    credentials: 'same-origin',
  });
}

async function parse<T>(res: Response, opts: RequestOptions): Promise<T> {
  if (opts.responseType === 'blob') return (await res.blob()) as T;
  const text = await res.text();
  if (opts.responseType === 'text') return text as T;
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

function fail(err: HttpError, opts: RequestOptions): never {
  if (err.status === 401 && !opts.anonymous) {
    session.clear();
    state.config.onUnauthorized(err);
    err.handled = true;
  } else if (!opts.silent && err.name !== 'AbortError') {
    state.config.notify(err.message, err);
    err.handled = true;
  }
  throw err;
}

/**
 * Sends the request; a 408 (the access token expired) refreshes the token and sends it once more.
 * Every call that carries the token goes through here — queries, writes and downloads alike — so
 * none of them fails for an expiry the next one would have survived.
 */
async function exchange(url: string, opts: RequestOptions): Promise<Response> {
  let res: Response;
  try {
    res = await send(url, opts);
    if (res.status === 408 && !opts.anonymous) {
      const ok = await refreshTokens();
      if (!ok) fail(new HttpError(401, 'UNAUTHENTICATED', tUi('http.unauthorized'), url), opts);
      res = await send(url, opts);
      if (res.status === 408) fail(new HttpError(401, 'UNAUTHENTICATED', tUi('http.unauthorized'), url), opts);
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    fail(new HttpError(0, 'NETWORK', tUi('http.network'), url), opts);
  }
  if (!res.ok) fail(await toError(res, url), opts);
  return res;
}

/**
 * Sends a request to a service through the gateway. Resolves with the parsed body on 2xx.
 * On an error it shows the message (unless `silent`) and rejects with an HttpError.
 * A 408 (expired token) refreshes the token and retries once; a 401 returns to the login page.
 */
export async function request<T = unknown>(url: string, opts: RequestOptions = {}): Promise<T> {
  if (opts.loading) {
    state.loadingCount += 1;
    loadingChanged.emit(state.loadingCount);
  }
  try {
    return await parse<T>(await exchange(url, opts), opts);
  } finally {
    if (opts.loading) {
      state.loadingCount -= 1;
      loadingChanged.emit(state.loadingCount);
    }
  }
}

type NoMethod = Omit<RequestOptions, 'method' | 'params' | 'data'>;

/** The portal's HTTP client (base `/api`, bearer token, error messages, token refresh). */
export const http = {
  request,
  get<T = unknown>(url: string, params?: QueryObject, opts?: NoMethod): Promise<T> {
    return request<T>(url, { ...opts, method: 'GET', params });
  },
  post<T = unknown>(url: string, data?: unknown, opts?: Omit<RequestOptions, 'method' | 'data'>): Promise<T> {
    return request<T>(url, { ...opts, method: 'POST', data });
  },
  put<T = unknown>(url: string, params?: QueryObject, opts?: Omit<RequestOptions, 'method' | 'params'>): Promise<T> {
    return request<T>(url, { ...opts, method: 'PUT', params });
  },
  /** DELETE with `?ids=a,b,c` (docs/wire.md). */
  delete<T = unknown>(url: string, params?: QueryObject, opts?: NoMethod): Promise<T> {
    return request<T>(url, { ...opts, method: 'DELETE', params });
  },
  /** Downloads a file (after refreshing an expired token, as every request); the name comes from
   * Content-Disposition (URL-encoded, as JeePlus) or `filename`. */
  async download(url: string, params?: QueryObject, filename?: string): Promise<void> {
    const res = await exchange(url, { method: 'GET', params, responseType: 'blob' });
    const blob = await res.blob();
    const cd = res.headers.get('content-disposition') ?? '';
    const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(cd);
    let name = filename ?? (m?.[1] ? m[1] : cd);
    try {
      name = decodeURIComponent(name);
    } catch {
      /* keep raw */
    }
    saveBlob(blob, name || 'download');
  },
  /**
   * Opens a user's file (`/api/sys/file/download2?source=...`) in a new tab. A tab cannot send the
   * Authorization header and the access token never goes into a URL, so the link carries a
   * one-time download ticket (valid once, for this file, for a minute). The tab is opened first,
   * while the click still counts, then pointed at the ticket's URL.
   */
  async openFile(url: string): Promise<void> {
    const source = new URL(url, window.location.origin).searchParams.get('source');
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    if (!source) {
      if (tab) tab.location.href = url;
      return;
    }
    try {
      const answer = await request<{ url: string }>('/sys/file/downloadTicket', { method: 'POST', data: { source } });
      if (tab) tab.location.href = answer.url;
    } catch (e) {
      tab?.close();
      throw e;
    }
  },
};

/** How long a saved Blob's URL outlives the click: the browser reads it after the click returns,
 * and on a busy machine a second was not enough (the download never started). */
const SAVED_BLOB_LIFETIME_MS = 60_000;

/** Saves a Blob as a file in the browser. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), SAVED_BLOB_LIFETIME_MS);
}

/** The page shape of every list endpoint (`.../list`). */
export interface Page<T> {
  records: T[];
  total: number;
  current?: number;
  size?: number;
  pages?: number;
}

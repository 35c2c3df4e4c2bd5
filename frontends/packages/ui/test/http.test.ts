import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, http, HttpError } from '../src/core/http';
import { session } from '../src/core/session';
import { setLang } from '../src/core/i18n';
import { fakeFetch } from './helpers';

afterEach(() => {
  vi.unstubAllGlobals();
  setLang('zh-CN');
});

describe('http client', () => {
  it('prefixes /api, sends the bearer token and the language, serialises params', async () => {
    session.setTokens('t1', 'r1');
    const calls = fakeFetch(() => [200, { records: [], total: 0 }]);
    await http.get('/sys/user/list', { current: 1, orders: [{ column: 'name', asc: false }] });
    expect(calls[0]?.url).toBe('/api/sys/user/list?current=1&orders%5B0%5D.column=name&orders%5B0%5D.asc=false');
    expect(calls[0]?.headers.Authorization).toBe('Bearer t1');
    expect(calls[0]?.headers['Accept-Language']).toBe('zh-CN');
  });

  it('turns {code,msg} errors into one message', async () => {
    const notify = vi.fn();
    configureHttp({ notify });
    fakeFetch(() => [400, { code: 'INVALID_ARGUMENT', msg: '表名不能为空' }]);
    const err = await http.post('/gencode/table/save', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).code).toBe('INVALID_ARGUMENT');
    expect(notify).toHaveBeenCalledWith('表名不能为空', expect.any(HttpError));
  });

  it('silent requests do not notify', async () => {
    const notify = vi.fn();
    configureHttp({ notify });
    fakeFetch(() => [500, { code: 'INTERNAL', msg: 'boom' }]);
    await expect(http.get('/x', undefined, { silent: true })).rejects.toThrow('boom');
    expect(notify).not.toHaveBeenCalled();
  });

  it('on 408 refreshes the token and retries once', async () => {
    session.setTokens('old', 'refresh-1');
    const calls = fakeFetch((c) => {
      if (c.url.startsWith('/api/sys/refreshToken')) return [200, { token: 'new', refreshToken: 'refresh-2' }];
      if (c.headers.Authorization === 'Bearer old') return [408, { code: 'TOKEN_EXPIRED', msg: 'expired' }];
      return [200, 'ok'];
    });
    await expect(http.get('/sys/user/info')).resolves.toBe('ok');
    expect(calls.map((c) => c.url)).toEqual(['/api/sys/user/info', '/api/sys/refreshToken?refreshToken=refresh-1', '/api/sys/user/info']);
    expect(session.get().token).toBe('new');
    expect(session.get().refreshToken).toBe('refresh-2');
  });

  it('a download after the access token expired refreshes it and saves the file', async () => {
    // given an expired access token (the gateway answers 408) and a valid refresh token (and the
    // previous test's refresh forgotten: it is shared by the calls of one tick)
    await new Promise((done) => setTimeout(done, 0));
    session.setTokens('old', 'refresh-1');
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = fakeFetch((c) => {
      if (c.url.startsWith('/api/sys/refreshToken')) return [200, { token: 'new', refreshToken: 'refresh-2' }];
      if (c.headers.Authorization === 'Bearer old') return [408, { code: 'TOKEN_EXPIRED', msg: '登录已过期' }];
      return [200, 'xlsx bytes'];
    });
    // when the user exports
    await http.download('/sys/user/export', { current: 1 }, '用户.xlsx');
    // then the token is refreshed, the export asked again and the file saved
    expect(calls.map((c) => c.url)).toEqual([
      '/api/sys/user/export?current=1',
      '/api/sys/refreshToken?refreshToken=refresh-1',
      '/api/sys/user/export?current=1',
    ]);
    expect(calls[2]?.headers.Authorization).toBe('Bearer new');
    expect(saved).toEqual(['用户.xlsx']);
    click.mockRestore();
  });

  it('on 401 clears the session and calls onUnauthorized', async () => {
    const onUnauthorized = vi.fn();
    configureHttp({ onUnauthorized });
    session.setTokens('t', 'r');
    fakeFetch(() => [401, { code: 'UNAUTHENTICATED', msg: 'no' }]);
    await expect(http.get('/sys/user/info')).rejects.toBeInstanceOf(HttpError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(session.get().token).toBeNull();
  });

  it('a failed refresh returns to login', async () => {
    const onUnauthorized = vi.fn();
    configureHttp({ onUnauthorized });
    session.setTokens('old', 'bad');
    fakeFetch((c) => (c.url.includes('refreshToken') ? [401, { msg: 'x' }] : [408, { msg: 'expired' }]));
    await expect(http.get('/sys/user/info')).rejects.toBeInstanceOf(HttpError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('sends DELETE ids comma-joined and English when switched', async () => {
    setLang('en-US');
    const calls = fakeFetch(() => [200, 'deleted']);
    await http.delete('/sys/user/delete', { ids: ['a', 'b'].join(',') });
    expect(calls[0]?.url).toBe('/api/sys/user/delete?ids=a%2Cb');
    expect(calls[0]?.method).toBe('DELETE');
    expect(calls[0]?.headers['Accept-Language']).toBe('en-US');
  });
});

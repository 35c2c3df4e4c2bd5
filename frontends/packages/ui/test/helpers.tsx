import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { i18n } from '../src/core/i18n';
import { session } from '../src/core/session';

export function renderUi(ui: ReactElement) {
  return render(
    <I18nextProvider i18n={i18n}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>{ui}</App>
      </ConfigProvider>
    </I18nextProvider>,
  );
}

export function grant(...perms: string[]) {
  session.setMenus({ permissions: perms, menuList: [], routerList: [], dictList: session.get().dictList });
}

export interface FakeCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** Replaces fetch with a router of handlers: `(call) => [status, body]`. */
export function fakeFetch(handler: (call: FakeCall) => [number, unknown] | Promise<[number, unknown]>) {
  const calls: FakeCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: FakeCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    calls.push(call);
    const [status, body] = await handler(call);
    return new Response(body === undefined ? '' : typeof body === 'string' ? JSON.stringify(body) : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

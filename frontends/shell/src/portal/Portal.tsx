import { useEffect, useMemo, useState } from 'react';
import { App, ConfigProvider, Result, Button } from 'antd';
// the ES modules: `antd/locale/*` is CommonJS, and its default import arrived as `{default: …}`, so
// no antd component (the remotes' date pickers first) found its texts and all fell back to English
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { configureHttp, getLang, loadMenus, loadUserInfo, langChanged, useSession, type Lang } from '@loom/ui/core';
import { PortalLayout } from './PortalLayout';
import './portal.css';

performance.mark('loom:portal-module');

/** Plugs antd's message into the HTTP client's single error display. */
function HttpFeedback() {
  const { message } = App.useApp();
  useEffect(() => {
    configureHttp({ notify: (msg) => void message.error(msg) });
  }, [message]);
  return null;
}

function Booting() {
  const s = useSession();
  const { t } = useTranslation('shell');
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(s.menuList.length ? 'ready' : 'loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    // menus, permissions and dictionaries are fetched on every boot (they may have changed)
    Promise.all([loadMenus(attempt > 0), loadUserInfo().catch(() => null)])
      .then(() => alive && setState('ready'))
      .catch(() => alive && setState((prev) => (prev === 'ready' ? prev : 'failed')));
    return () => {
      alive = false;
    };
  }, [attempt]);

  useEffect(
    () =>
      // menu names come in the request language
      langChanged.on(() => {
        void loadMenus(true).catch(() => undefined);
      }),
    [],
  );

  // the layout renders at once (its menu fills in when the menus arrive): rendering and the
  // menu request overlap
  if (state === 'failed') {
    return (
      <Result
        status="error"
        title={t('menuFailed')}
        extra={
          <Button type="primary" onClick={() => (setState('loading'), setAttempt((a) => a + 1))}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  return <PortalLayout loading={state === 'loading'} />;
}

/** The portal after login: antd theme and locale, then the layout. */
export default function Portal() {
  const [lang, setLangState] = useState<Lang>(getLang());
  useEffect(() => langChanged.on(setLangState), []);
  useEffect(() => {
    dayjs.locale(lang === 'zh-CN' ? 'zh-cn' : 'en');
    document.documentElement.lang = lang;
  }, [lang]);
  const locale = useMemo(() => (lang === 'zh-CN' ? zhCN : enUS), [lang]);
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <App className="loom-app">
        <HttpFeedback />
        <Booting />
      </App>
    </ConfigProvider>
  );
}

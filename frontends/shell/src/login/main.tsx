// Stand-alone login bundle (no module federation, no antd): the gate in index.html loads it when
// there is no session. After login it navigates to the page asked for, which boots the portal.
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { dropGlobalSingletons, fetchMenus, i18n } from '@loom/ui/core';
import css from './login.css?inline';
import '../locales';
import { LoginPage } from './LoginPage';
import { installGuard } from '../guard';

installGuard();

const style = document.createElement('style');
style.textContent = css;
document.head.appendChild(style);
document.documentElement.lang = i18n.language;

declare global {
  interface Window {
    /** Set by the gate in index.html: boots the federated portal in this page. */
    __loomStartPortal?: () => Promise<void>;
  }
}

const el = document.getElementById('root');
if (el) {
  const root = createRoot(el);
  const done = (redirect: string) => {
    const start = window.__loomStartPortal;
    if (!start) {
      window.location.replace(redirect);
      return;
    }
    // hand the page over to the portal without reloading it; the menus are asked for now, while
    // the portal loads, and the portal picks up that request
    void fetchMenus().catch(() => undefined);
    root.unmount();
    dropGlobalSingletons(['menusInflight']);
    style.remove();
    const fresh = document.createElement('div');
    fresh.id = 'root';
    el.replaceWith(fresh);
    window.history.replaceState(null, '', redirect);
    void start();
  };
  root.render(
    <I18nextProvider i18n={i18n}>
      <LoginPage onDone={done} />
    </I18nextProvider>,
  );
}

import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { configureHttp, i18n, session, useSession } from '@loom/ui/core';
import { goToLogin } from './nav';

const Portal = lazy(() => import('./portal/Portal'));
const LoginRoute = lazy(() => import('./login/LoginRoute'));

function Boot() {
  return <div className="loom-boot">Loom…</div>;
}

/** Returns to the login page after a 401, remembering where the user was. */
function UnauthorizedHandler() {
  useEffect(() => {
    configureHttp({
      onUnauthorized: () => {
        if (window.location.pathname !== '/login') goToLogin();
      },
    });
  }, []);
  return null;
}

function RequireLogin() {
  const s = useSession();
  const loc = useLocation();
  useEffect(() => {
    if (!s.token) goToLogin(loc.pathname + loc.search);
  }, [s.token, loc.pathname, loc.search]);
  if (!s.token) return <Boot />;
  return (
    <Suspense fallback={<Boot />}>
      <Portal />
    </Suspense>
  );
}

export function Root() {
  useEffect(() => {
    document.documentElement.lang = i18n.language;
    // another tab logged out: follow it
    const onStorage = (e: StorageEvent) => {
      if (e.key === 'loom.token' && !e.newValue && session.get().token) session.clear();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <UnauthorizedHandler />
        <Routes>
          <Route
            path="/login"
            element={
              <Suspense fallback={<Boot />}>
                <LoginRoute />
              </Suspense>
            }
          />
          <Route path="*" element={<RequireLogin />} />
        </Routes>
      </BrowserRouter>
    </I18nextProvider>
  );
}

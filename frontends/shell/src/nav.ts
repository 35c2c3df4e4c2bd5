/** Goes to the login page with a full navigation (production serves it as its own small bundle). */
export function goToLogin(redirect?: string): void {
  const here = redirect ?? window.location.pathname + window.location.search;
  const target = here && here !== '/' && !here.startsWith('/login') ? `/login?redirect=${encodeURIComponent(here)}` : '/login';
  if (import.meta.env.DEV) {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  } else window.location.replace(target);
}


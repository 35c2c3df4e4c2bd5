import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// antd renders slowly in jsdom, and CI shares two cores with the platform's builds: findBy/waitFor
// wait up to 10 s (the default 1 s made the dialog tests fail under load, never on their own)
configure({ asyncUtilTimeout: 10000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

// antd needs these browser APIs that jsdom lacks
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class RO {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: typeof RO }).ResizeObserver = RO;
}
// jsdom computes a style by matching every rule of every <style> antd's CSS-in-JS injected against
// the element and its ancestors: most of a component test's time went there (rc-table and the
// overflow lists ask for it on every render). No test asserts a computed style; the element's own
// inline style is what the components measure (widths, scrollbars) in jsdom anyway.
window.getComputedStyle = (elt: Element) => (elt as HTMLElement).style ?? document.createElement('div').style;

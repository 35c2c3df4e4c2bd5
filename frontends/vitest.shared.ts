import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** A remote's component tests (test/**): jsdom, antd inlined, the shims @loom/ui's tests use. */
export function componentTestConfig() {
  return defineConfig({
    plugins: [react()],
    test: {
      environment: 'jsdom',
      globals: true,
      // The jsdom shims every antd test needs live once, with @loom/ui's tests.
      setupFiles: ['../packages/ui/test/setup.ts'],
      include: ['test/**/*.test.{ts,tsx}'],
      css: false,
      // Files share a worker's loaded modules (antd, the remotes' pages): loading them again for every
      // file was most of the run. No test mocks a module; the setup file resets the DOM and storage.
      isolate: false,
      testTimeout: 30000,
      server: { deps: { inline: [/@ant-design/, /antd/, /rc-/, /@rc-component/] } },
    },
  });
}

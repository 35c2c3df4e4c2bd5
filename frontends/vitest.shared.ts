import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * A remote's component tests (test/**): jsdom, antd inlined, the shims @loom/ui's tests use.
 * `isolate`: each test file loads its modules afresh (slower; for a remote whose test files may
 * leave state in a shared module, as workflow's moddle descriptors).
 */
export function componentTestConfig({ isolate = false }: { isolate?: boolean } = {}) {
  return defineConfig({
    plugins: [react()],
    test: {
      environment: 'jsdom',
      globals: true,
      // The jsdom shims every antd test needs live once, with @loom/ui's tests.
      setupFiles: ['../packages/ui/test/setup.ts'],
      include: ['test/**/*.test.{ts,tsx}'],
      css: false,
      // Unless asked otherwise, files share a worker's loaded modules (antd, the remotes' pages):
      // loading them again for every file was most of the run. The setup resets DOM and storage.
      isolate,
      testTimeout: 30000,
      server: { deps: { inline: [/@ant-design/, /antd/, /rc-/, /@rc-component/] } },
    },
  });
}

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    css: false,
    // Files share a worker's loaded modules (antd, the remotes' pages): loading them again for every
    // file was most of the run. No test mocks a module; the setup file resets the DOM and storage.
    isolate: false,
    testTimeout: 60000,
    server: { deps: { inline: [/@ant-design/, /antd/, /rc-/, /@rc-component/] } },
  },
});

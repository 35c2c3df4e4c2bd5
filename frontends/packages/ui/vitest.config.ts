import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 60000,
    server: { deps: { inline: [/@ant-design/, /antd/, /rc-/, /@rc-component/] } },
  },
});

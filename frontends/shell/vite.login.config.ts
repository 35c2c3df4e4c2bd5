import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The stand-alone login bundle: plain React, no module federation and no antd, so the first page
// a visitor sees loads little JavaScript. Built after the portal into dist/login/.
export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    outDir: 'dist/login',
    emptyOutDir: true,
    rollupOptions: {
      input: 'src/login/main.tsx',
      output: { entryFileNames: 'index.js', chunkFileNames: '[name]-[hash].js', assetFileNames: '[name]-[hash][extname]' },
    },
  },
});

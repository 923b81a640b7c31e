import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The Go binary embeds web/dist and serves it at '/'. The Makefile empties dist
// (keeping .gitkeep, which the Go embed needs) before building, so Vite must not.
const apiTarget = process.env.TRAMITA_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/metrics': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // Whole-app tests render MUI under jsdom; on a busy 2-core CI machine one can
    // pass 5 s. A hang still fails, just later.
    testTimeout: 45_000,
  },
});

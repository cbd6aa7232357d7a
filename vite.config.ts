/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { demoMode } from './demo/vite-plugin.ts';

// One config for the SPA build (vite build → dist/) and the unit-test layers (vitest).
// The API base URL is baked in at build time from VITE_API_BASE (default: same origin) and can be
// overridden at run time through window.__APP_CONFIG__ (see README, "Pointing at another backend").
export default defineConfig({
  // `--mode demo` only: the console with its API answered in the browser (README, "Demo mode").
  plugins: [react(), demoMode()],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': 'http://127.0.0.1:8000',
      '/token': 'http://127.0.0.1:8000',
      '/xy': 'http://127.0.0.1:8000',
      '/media': 'http://127.0.0.1:8000',
      '/app-config.js': 'http://127.0.0.1:8000',
      '/socket.io': { target: 'ws://127.0.0.1:8000', ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['tests/support/setup.ts'],
  },
});

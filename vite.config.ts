/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { ViteUserConfig } from 'vitest/config';
import { demoMode } from './demo/vite-plugin.ts';
import { appConfigFile } from './scripts/lib/app-config-file.ts';
import { leanLibraries } from './scripts/lib/lean-libraries.ts';
import { precompress } from './scripts/lib/precompress.ts';
import { prefetchConsole } from './scripts/lib/prefetch-console.ts';
import { signInRenderer } from './scripts/lib/sign-in-renderer.ts';
import { CORE_NAMESPACES, localeFile } from './src/services/i18n/namespaces.ts';

// One config for the SPA build (vite build → dist/) and the unit-test layers (vitest).
// The API base URL is baked in at build time from VITE_API_BASE (default: same origin) and can be
// overridden at run time through window.__APP_CONFIG__ (see README, "Pointing at another backend").
/** Reads what the generated-path tests recorded, so it runs after them (tests/tooling/coverage.test.ts). */
const COVERAGE_SUMMARY = 'tests/tooling/coverage.test.ts';

/** The libraries every page runs on (the `boot` group below). */
const BOOT_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|use-sync-external-store)[\\/]/;
/**
 * Tiny modules the entry shares with the console and later chunks (Vite's preload helper, the contract's
 * paths): kept with the boot libraries, or the bundler would put them in one of the console's groups and
 * so load that group before the first paint.
 */
const BOOT_SHARED = /vite[\\/]preload-helper|src[\\/]contract[\\/]paths\.ts$/;

/** A translation file outside the sign-in page's namespaces: its language, else null. */
function lazyTranslation(id: string): { language: string } | null {
  const file = /src[\\/]services[\\/]i18n[\\/]/.test(id) ? localeFile(id) : null;
  return file && !(CORE_NAMESPACES as readonly string[]).includes(file.namespace) ? file : null;
}

/** The unit layers' settings (vitest), shared by its two projects. */
const unitTests = {
  include: ['tests/**/*.test.{ts,tsx}'],
  exclude: ['tests/e2e/**', 'node_modules/**'],
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks',
  // Vitest's default is one worker fewer than the cores: on a 2-core machine one file at a time, while most
  // of a file's time is spent waiting (PGlite, servers, timers). Two at a time at least.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  setupFiles: ['tests/support/setup.ts'],
  // A worker keeps its modules from file to file instead of importing the app, the server and their
  // libraries again for each of 160+ files (5 → 3 min on 2 cores). State that outlives a file is reset
  // by the setup file (the language) or by the tests that change it.
  isolate: false,
} satisfies ViteUserConfig['test'];

export default defineConfig({
  // `--mode demo` only: the console with its API answered in the browser (README, "Demo mode").
  plugins: [
    react(),
    leanLibraries(),
    demoMode(),
    appConfigFile(),
    prefetchConsole(),
    precompress(),
    signInRenderer(),
  ],
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
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Every browser the console supports preloads modules itself (`<link rel="modulepreload">`).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The libraries every page runs on in one file (issue 15): the sign-in page fetches a few files
        // instead of a dozen small shared chunks (six requests at a time over HTTP/1.1).
        codeSplitting: {
          groups: [
            // react-i18next's <Trans> (and its HTML parser) is left to the shell, its only user.
            {
              name: 'boot',
              priority: 3,
              test: (id) =>
                (BOOT_LIBRARIES.test(id) &&
                  !/react-i18next[\\/].*[\\/]Trans(WithoutContext)?\.js$/.test(id)) ||
                BOOT_SHARED.test(id),
            },
            // The root chart and its long-lived children (session, route guard, log) with the helpers they
            // share with later chunks, and Mantine's tiny id helper: all run when the console starts, so one
            // file instead of six small ones (the sign-in page's requests come in one wave of HTTP/1.1's six
            // connections).
            {
              name: 'charts',
              priority: 2,
              test: /src[\\/]machines[\\/](app|log|session|routeGuard|shared)[\\/]|@mantine[\\/]hooks[\\/].*random-id/,
            },
            // What the console (src/ui/app/start-console.tsx, imported by the entry once the first-paint form
            // is painted) shares with later chunks: React Router, XState, the toast store, the developer tools'
            // hook, the error type, two contexts. One file beside the console's own instead of six small ones.
            {
              name: 'console',
              priority: 2,
              test: /node_modules[\\/](react-router|xstate|@xstate[\\/]react|@mantine[\\/](store|notifications[\\/]esm[\\/]notifications\.store))[\\/.]|src[\\/](ui[\\/]app[\\/]actor\.ts|ui[\\/]pages[\\/]services\.ts|services[\\/](inspection|http[\\/]errors)\.ts)$/,
            },
            // The signed-in console's libraries, each in one file rather than a chunk per component or
            // namespace: a cold load of the shell fetched 176 files (Mantine's per-component shared chunks,
            // 17 namespaces × 2 languages), 76 now. Each group takes its modules' dependencies with it, so
            // the groups above (higher priority) keep React, the charts and the id helper out; nothing here
            // is in the sign-in page (tests/tooling/login-bundle.test.ts).
            { name: 'mantine', priority: 1, test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]esm[\\/]/ },
            {
              name: (id) => `i18n-${lazyTranslation(id)?.language}`,
              debugName: 'i18n',
              priority: 1,
              test: (id) => lazyTranslation(id) !== null,
            },
          ],
        },
      },
    },
  },
  test: {
    ...unitTests,
    // a fresh directory per run where the generated-path tests record their coverage reports
    globalSetup: ['tests/support/globalSetup.ts'],
    projects: [
      // every test file, in parallel
      { extends: true, test: { name: 'unit', exclude: [COVERAGE_SUMMARY] } },
      // then the coverage table, from the reports the generated-path tests recorded in this run (its own
      // settings, not `extends`, which would add the root's include and so every test file again)
      {
        test: {
          ...unitTests,
          name: 'summary',
          include: [COVERAGE_SUMMARY],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

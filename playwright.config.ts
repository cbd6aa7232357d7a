import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

// Browser tests run in Debian's Chromium (browser downloads are not possible here) against the real
// reference server on a free 127.0.0.1 port (tests/e2e/support/server.ts): one shared server started by the
// global setup for the spec files that take `sharedServerForThisFile()`, and a server of their own for the files
// that change global state or need other settings (`startServerForThisFile`). README "Tests" says which.
// Debian's headless shell (package chromium-headless-shell: Chromium's headless mode without the browser UI
// it otherwise carries) when it is installed, else the full browser. The same 144 tests, one worker, this
// machine: 381 s and 204 core-s against 447 s and 252 core-s in the full browser, and none behaves otherwise.
// Benchmarks keep the full browser, the one operators use.
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/support/globalSetup.ts',
  // a test may sign in twice and start its own server while the unit lane shares the 2 cores
  timeout: 120_000,
  // generous: assertions check behaviour, not speed (benchmarks do); a cold shell boot under load has taken
  // over 15 s on a 2-core machine
  expect: { timeout: 30_000 },
  // E2E_WORKERS overrides. The full browser: one per two cores (with its renderer, GPU process and the
  // server it keeps two cores busy; on 2 cores two were slower than one — 15 tests: 269 s against 235 s — and
  // turned cold loads of 4 s into 35 s, past the assertions' timeout). The headless shell: at least two. On
  // 2 cores two took 284 s against 381 s for all 144 tests (both cores 88% busy), and 5.2–5.5 min against
  // 6.9 min for 145 in three runs a session later, all passing; one left `npm test` seconds under 10 min.
  workers: Number(
    process.env.E2E_WORKERS ??
      Math.max(chromiumPath === headlessShell ? 2 : 1, Math.floor(availableParallelism() / 2)),
  ),
  // One retry, so a test that passes only on retry is named as flaky; a flaky test fails the run
  // (scripts/test.mjs counts it as failed too).
  retries: 1,
  failOnFlakyTests: true,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    // Recorded on the retry of a failed test only: recording every test (screenshots and DOM snapshots at
    // each action) took a third of the browser lane's CPU (header + shell-nav: 116–133 → 80–83 core-s).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});

#!/usr/bin/env node
// `npm test`: every test layer in one command — vitest (charts, generated paths, services, server, UI)
// then the SPA build and Playwright in Debian's Chromium against the real server. Prints one closing line:
// `tests: N passed, N failed[, N skipped]`, and exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const tmp = '.tmp';
mkdirSync(tmp, { recursive: true });
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const totals = { passed: 0, failed: 0, skipped: 0 };
const crashed = [];

// 1. vitest
const vitestOut = `${tmp}/vitest.json`;
rmSync(vitestOut, { force: true });
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestOut}`,
]);
if (existsSync(vitestOut)) {
  const r = JSON.parse(readFileSync(vitestOut, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += r.numFailedTests ?? 0;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // a file that fails to load counts as a failure even though no test inside it ran
  const brokenSuites = (r.testResults ?? []).filter(
    (s) => s.status === 'failed' && s.assertionResults?.length === 0,
  );
  totals.failed += brokenSuites.length;
  if (vitestStatus !== 0 && (r.numFailedTests ?? 0) === 0 && brokenSuites.length === 0)
    crashed.push('vitest');
} else crashed.push('vitest');

// 2. build the SPA the browser tests load, then Playwright
const buildStatus = run('npx', ['vite', 'build', '--logLevel', 'warn']);
if (buildStatus !== 0) crashed.push('vite build');
else {
  const pwOut = `${tmp}/playwright.json`;
  rmSync(pwOut, { force: true });
  const pwStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut,
  });
  if (existsSync(pwOut)) {
    const s = JSON.parse(readFileSync(pwOut, 'utf8')).stats ?? {};
    totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    totals.failed += s.unexpected ?? 0;
    totals.skipped += s.skipped ?? 0;
    if (pwStatus !== 0 && (s.unexpected ?? 0) === 0) crashed.push('playwright');
  } else crashed.push('playwright');
}

totals.failed += crashed.length;
if (crashed.length) console.error(`\nlayers that did not finish: ${crashed.join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);

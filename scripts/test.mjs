#!/usr/bin/env node
// `npm test`: every test layer in one command, in two lanes —
//   unit:    vitest (charts, generated paths, services, server, UI), then the coverage table;
//   browser: the SPA build, then Playwright in Debian's Chromium against the real server.
// Each lane's output is printed line by line with its name in front. A test that passes only on retry is
// flaky: it is named and counted as failed (the retry stays, so the flaky test is identified).
// Prints one closing line: `tests: N passed, N failed, N skipped`, and exits non-zero when anything failed.
// The SPA build starts beside the unit lane; the lanes run one after the other by default: on 2 cores, vitest's workers beside two browsers and their
// servers oversubscribe the machine until timeouts turn into failures. `TEST_LANES=parallel` runs them side
// by side (a machine with 4+ cores).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';

const tmp = '.tmp';
mkdirSync(tmp, { recursive: true });

/** Runs a command, its output prefixed with the lane's name; resolves with its exit status. */
function run(lane, cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream }).on('line', (line) => out.write(`${lane} │ ${line}\n`));
    }
    child.on('error', (error) => {
      process.stderr.write(`${lane} │ ${cmd} could not start: ${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** vitest, then its JSON report read into counts. */
async function unitLane() {
  const started = Date.now();
  const out = `${tmp}/vitest.json`;
  rmSync(out, { force: true });
  const status = await run('unit', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ]);
  const result = { passed: 0, failed: 0, skipped: 0, flaky: [], crashed: [], time: seconds(started) };
  if (!existsSync(out)) return { ...result, crashed: ['vitest'] };
  const r = JSON.parse(readFileSync(out, 'utf8'));
  result.passed = r.numPassedTests ?? 0;
  result.failed = r.numFailedTests ?? 0;
  result.skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // a file that fails to load counts as a failure even though no test inside it ran
  const brokenSuites = (r.testResults ?? []).filter(
    (s) => s.status === 'failed' && s.assertionResults?.length === 0,
  );
  result.failed += brokenSuites.length;
  if (status !== 0 && result.failed === 0) result.crashed.push('vitest');
  return result;
}

/** Every test of a Playwright JSON report, with its file and title path. */
function* playwrightTests(suite, titles = []) {
  const here = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? []) yield { title: [...here, spec.title].join(' › '), test };
  for (const child of suite.suites ?? []) yield* playwrightTests(child, here);
}

/** The SPA build the browser tests load, then Playwright; its JSON report read into counts. */
async function browserLane(build) {
  const started = Date.now();
  const result = { passed: 0, failed: 0, skipped: 0, flaky: [], crashed: [] };
  if ((await build) !== 0) {
    return { ...result, crashed: ['vite build'], time: seconds(started) };
  }
  const out = `${tmp}/playwright.json`;
  rmSync(out, { force: true });
  const status = await run('browser', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  result.time = seconds(started);
  if (!existsSync(out)) return { ...result, crashed: ['playwright'] };
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const s = report.stats ?? {};
  result.passed = s.expected ?? 0;
  result.failed = (s.unexpected ?? 0) + (s.flaky ?? 0);
  result.skipped = s.skipped ?? 0;
  for (const suite of report.suites ?? [])
    for (const { title, test } of playwrightTests(suite))
      if (test.status === 'flaky') result.flaky.push(title);
  // a crash outside any test (global setup, a worker) leaves non-zero status with no failed test
  if (status !== 0 && result.failed === 0) result.crashed.push('playwright');
  for (const error of report.errors ?? []) process.stderr.write(`browser │ ${error.message ?? error}\n`);
  return result;
}

const started = Date.now();
// The SPA build (one process, a minute at most) starts at once beside the unit lane: the browser lane needs
// it done, not the whole machine.
const build = run('build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
const lanes =
  process.env.TEST_LANES === 'parallel'
    ? await Promise.all([unitLane(), browserLane(build)])
    : [await unitLane(), await browserLane(build)];
const [unit, browser] = lanes;

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const lane of lanes) {
  totals.passed += lane.passed;
  totals.failed += lane.failed + lane.crashed.length;
  totals.skipped += lane.skipped;
}
console.log(`\nunit lane (vitest): ${unit.time}; browser lane (build + Playwright): ${browser.time}`);
console.log(`npm test: ${seconds(started)}`);
const flaky = lanes.flatMap((lane) => lane.flaky);
if (flaky.length) {
  console.error(`\nflaky (passed only on retry, counted as failed):`);
  for (const title of flaky) console.error(`  ${title}`);
}
const crashed = lanes.flatMap((lane) => lane.crashed);
if (crashed.length) console.error(`\nlayers that did not finish: ${crashed.join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);

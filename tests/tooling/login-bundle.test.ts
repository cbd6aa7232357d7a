// Issue 15, the build-time check: the sign-in page must not carry the signed-in console. The SPA is built in
// memory with the project's own vite config (vite's build API with `write: false`, not minified — minifying
// does not change which module lands in which chunk; about 10 s of CPU). The entry chunk and everything it
// imports statically draw the first paint's sign-in form: they must hold no router and no chart. With the
// console's chunk (which index.html prefetches) they are what /login loads before any lazy chunk, as
// scripts/bench.ts's `closure` counts it from the manifest, and are searched for the shell's modules:
// src/ui/shell/*, Dexie, the tabs chart, Mantine's components and the shell's translations.
// The bundler's own chunk records (Rolldown under vite 8) are read rather than the manifest, because only they
// list the modules inside each chunk. The same build must hold those modules somewhere (lazily), so the check cannot pass vacuously.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type BuildOutput = Extract<Awaited<ReturnType<typeof build>>, { output: unknown }>;
type OutputChunk = Extract<BuildOutput['output'][number], { type: 'chunk' }>;

const ROOT = resolve(import.meta.dirname, '../..');
const SHELL_MODULES: [string, RegExp][] = [
  ['the shell (src/ui/shell/*)', /\/src\/ui\/shell\//],
  ['Dexie', /\/node_modules\/dexie\//],
  ['the tabs chart (src/machines/tabs/*)', /\/src\/machines\/tabs\//],
  // the page is drawn without Mantine; its components are one build group (vite.config.ts) that must stay lazy
  ['Mantine components (@mantine/core)', /\/node_modules\/@mantine\/core\/esm\//],
  ['the lazy translations', /\/src\/services\/i18n\/locales\/[^/]+\/(shell|tabs|system)\.json$/],
];
const LOGIN_PAGE = /\/src\/ui\/login\/LoginPage\.tsx$/;
const LOGIN_VIEW = /\/src\/ui\/login\/LoginView\.tsx$/;
const CONSOLE = /\/src\/ui\/app\/start-console\.tsx$/;
/** What the console adds once the first-paint form is painted (src/main.tsx): not in the entry's graph. */
const CONSOLE_MODULES: [string, RegExp][] = [
  ['React Router', /\/node_modules\/react-router\//],
  ['the charts (src/machines/*)', /\/src\/machines\//],
  ['the app system', /\/src\/services\/app-system\.ts$/],
];

/** The chunk and every chunk it imports statically, transitively. */
function staticClosure(chunks: Map<string, OutputChunk>, entry: OutputChunk): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = chunks.get(name);
      if (imported) visit(imported);
    }
  };
  visit(entry);
  return [...seen.values()];
}

describe('the sign-in page’s bundle', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'xy-login-bundle-'));
  let chunks = new Map<string, OutputChunk>();

  beforeAll(async () => {
    const result = (await build({
      root: ROOT,
      configFile: join(ROOT, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, write: false, minify: false, reportCompressedSize: false },
    })) as BuildOutput | BuildOutput[];
    const outputs = Array.isArray(result) ? result : [result];
    chunks = new Map(
      outputs
        .flatMap((o) => o.output)
        .filter((o): o is OutputChunk => o.type === 'chunk')
        .map((chunk) => [chunk.fileName, chunk]),
    );
  }, 300_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  /** The entry's chunk and the console's (src/ui/app/start-console.tsx, which index.html prefetches). */
  const entryAndConsole = () => {
    const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
    if (!entry) throw new Error('no entry chunk in the build');
    const console = [...chunks.values()].find((chunk) => CONSOLE.test(chunk.facadeModuleId ?? ''));
    if (!console) throw new Error('no chunk for src/ui/app/start-console.tsx in the build');
    return { entry, console };
  };

  it('the first paint’s graph (the entry) draws the sign-in form without the router or the charts', () => {
    const { entry } = entryAndConsole();
    const modules = staticClosure(chunks, entry).flatMap((chunk) => chunk.moduleIds);
    expect(modules.some((id) => LOGIN_VIEW.test(id))).toBe(true);
    for (const [name, pattern] of CONSOLE_MODULES) {
      expect(
        [...chunks.values()].some((chunk) => chunk.moduleIds.some((id) => pattern.test(id))),
        name,
      ).toBe(true);
      expect(
        modules.filter((id) => pattern.test(id)),
        `${name} in the first paint`,
      ).toEqual([]);
    }
  });

  it('the login route’s static module graph holds none of the shell’s modules', () => {
    const { entry, console } = entryAndConsole();
    const login = [...new Set([...staticClosure(chunks, entry), ...staticClosure(chunks, console)])];
    const loginModules = login.flatMap((chunk) => chunk.moduleIds);
    // The sign-in page itself is in it (the route is part of the console's chunk, src/ui/app/routes.tsx).
    expect(loginModules.some((id) => LOGIN_PAGE.test(id))).toBe(true);
    const allModules = [...chunks.values()].flatMap((chunk) => chunk.moduleIds);
    for (const [name, pattern] of SHELL_MODULES) {
      expect(
        allModules.some((id) => pattern.test(id)),
        `${name} is in the build`,
      ).toBe(true);
      const offenders = login.flatMap((chunk) =>
        chunk.moduleIds.filter((id) => pattern.test(id)).map((id) => `${chunk.fileName}: ${id}`),
      );
      expect(offenders, `${name} in what /login loads`).toEqual([]);
    }
  });

  it('a build takes React Router’s production build and React’s own useSyncExternalStore (scripts/lib/lean-libraries.ts)', () => {
    const allModules = [...chunks.values()].flatMap((chunk) => chunk.moduleIds);
    expect(allModules.filter((id) => /\/react-router\/dist\/production\//.test(id)).length).toBeGreaterThan(
      0,
    );
    expect(allModules.filter((id) => /\/react-router\/dist\/development\//.test(id))).toEqual([]);
    expect(
      allModules.filter((id) =>
        /\/use-sync-external-store\/(shim|cjs\/use-sync-external-store-shim)/.test(id),
      ),
    ).toEqual([]);
  });
});

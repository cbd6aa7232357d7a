import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Imports flow one way (ARCHITECTURE.md): ui → machines and services; services → contract (and chart types);
// machines → contract types only; server → contract. Nothing imports ui but the entry point.
const root = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  const abs = join(root, dir);
  let out: string[] = [];
  for (const name of readdirSync(abs)) {
    const p = join(abs, name);
    if (statSync(p).isDirectory()) out = out.concat(sourceFiles(relative(root, p)));
    else if (/\.(ts|tsx)$/.test(name)) out.push(relative(root, p));
  }
  return out;
}

const importRe =
  /(?:import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): { spec: string; typeOnly: boolean; target: string | null }[] {
  const text = readFileSync(join(root, file), 'utf8');
  const found: { spec: string; typeOnly: boolean; target: string | null }[] = [];
  for (const m of text.matchAll(importRe)) {
    const spec = (m[2] ?? m[3]) as string;
    const typeOnly = Boolean(m[1]);
    const target = spec.startsWith('.') ? relative(root, resolve(dirname(join(root, file)), spec)) : null;
    found.push({ spec, typeOnly, target });
  }
  return found;
}

const browserOrEffectPackages =
  /^(axios|socket\.io-client|dexie|react|react-dom|react-router|@mantine\/|@xstate\/react|i18next|react-i18next)/;

describe('imports flow one way', () => {
  it('the scanner sees imports, type imports and dynamic imports (so the rules below cannot pass vacuously)', () => {
    const own = importsOf('tests/architecture/imports.test.ts').map((i) => i.spec);
    expect(own).toEqual(expect.arrayContaining(['node:fs', 'node:path', 'vitest']));
    expect(sourceFiles('src/contract').length).toBeGreaterThan(3);
  });

  it('charts in src/machines import no services, ui, React or effect libraries, and contract only as types', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles('src/machines')) {
      for (const imp of importsOf(file)) {
        if (browserOrEffectPackages.test(imp.spec)) offenders.push(`${file} → ${imp.spec}`);
        if (imp.target?.startsWith('src/services') || imp.target?.startsWith('src/ui'))
          offenders.push(`${file} → ${imp.spec}`);
      }
      const text = readFileSync(join(root, file), 'utf8');
      if (/\b(window|document|localStorage|sessionStorage)\./.test(text))
        offenders.push(`${file} uses a browser global`);
    }
    expect(offenders).toEqual([]);
  });

  it('src/services never imports src/ui', () => {
    const offenders = sourceFiles('src/services').flatMap((file) =>
      importsOf(file)
        .filter((i) => i.target?.startsWith('src/ui'))
        .map((i) => `${file} → ${i.spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('src/contract depends on nothing else in the repository', () => {
    const offenders = sourceFiles('src/contract').flatMap((file) =>
      importsOf(file)
        .filter((i) => i.target && !i.target.startsWith('src/contract'))
        .map((i) => `${file} → ${i.spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the server shares only the contract with the client', () => {
    const offenders = sourceFiles('server').flatMap((file) =>
      importsOf(file)
        .filter((i) => i.target?.startsWith('src/') && !i.target.startsWith('src/contract'))
        .map((i) => `${file} → ${i.spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('nothing outside src/ui imports src/ui except the entry point', () => {
    const files = [...sourceFiles('src'), ...sourceFiles('server')].filter(
      (f) => !f.startsWith('src/ui') && f !== 'src/main.tsx',
    );
    const offenders = files.flatMap((file) =>
      importsOf(file)
        .filter((i) => i.target?.startsWith('src/ui'))
        .map((i) => `${file} → ${i.spec}`),
    );
    expect(offenders).toEqual([]);
  });
});

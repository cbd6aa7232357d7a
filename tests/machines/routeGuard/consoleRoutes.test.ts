import { describe, expect, it } from 'vitest';
import { MENUS, type MenuSeed } from '../../../server/db/seed-data/menus.ts';
import { CONSOLE_ROUTES } from '../../../src/machines/routeGuard/consoleRoutes.ts';

/** Every page (a path and a component, not a link) of the seeded menu tree, hidden ones included. */
function seededPages(menus: readonly MenuSeed[]): string[] {
  return menus.flatMap((menu) => [
    ...(menu.path && menu.component && !menu.link ? [menu.path] : []),
    ...seededPages(menu.children ?? []),
  ]);
}

describe('the console’s own pages', () => {
  it('are exactly the pages the reference server seeds, so 403 knows every one of them', () => {
    expect([...CONSOLE_ROUTES].sort()).toEqual(seededPages(MENUS).sort());
  });

  it('hold no duplicates and only in-app paths', () => {
    expect(new Set(CONSOLE_ROUTES).size).toBe(CONSOLE_ROUTES.length);
    for (const path of CONSOLE_ROUTES) expect(path).toMatch(/^\/[A-Za-z]/);
  });
});

import { describe, expect, it } from 'vitest';
import { hasPermission, permissionSet } from '../../../src/machines/routeGuard/permissions.ts';

const menus = [
  { path: '/dept', menuPermission: ['Search', 'Create'] },
  { path: '/user', menuPermission: ['Search'] },
  { path: '', menuPermission: null },
];

describe('permission check', () => {
  it('on /dept, Create passes iff /dept:Create exists', () => {
    expect(hasPermission(menus, '/dept', 'Create')).toBe(true);
    expect(hasPermission(menus, '/dept', 'Delete')).toBe(false);
    expect(hasPermission(menus, '/user', 'Create')).toBe(false);
  });

  it('one of several values is enough', () => {
    expect(hasPermission(menus, '/user', ['Delete', 'Search'])).toBe(true);
  });

  it("an empty permission throws 'need permissions!'", () => {
    expect(() => hasPermission(menus, '/dept', '')).toThrow('need permissions!');
    expect(() => hasPermission(menus, '/dept', [])).toThrow('need permissions!');
  });

  it('a precomputed set gives the same answers, and web_path counts as the path', () => {
    const granted = permissionSet([...menus, { web_path: '/area', menuPermission: ['Update'] }]);
    expect(hasPermission(granted, '/area', 'Update')).toBe(true);
    expect(hasPermission(granted, '/dept', 'Search')).toBe(true);
  });
});

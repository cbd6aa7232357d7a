import { describe, expect, it } from 'vitest';
import { type ResourceName, Resources } from '../../src/contract/resources.ts';
import { fixture, fixtureNames } from './harness.ts';

/**
 * The row schemas of src/contract/resources.ts accept every row dvadmin 2.1.5 really sent
 * (../shared/fixtures/dvadmin): a schema too strict would fail the load of a page on a stock backend.
 */

/** Fixtures of a resource's list, item, create and update answers, by resource. */
const ROW_FIXTURES: Record<string, ResourceName> = {
  dept_list: 'dept',
  dept_list_children: 'dept',
  dept_retrieve: 'dept',
  dept_create: 'dept',
  dept_update: 'dept',
  menu_list: 'menu',
  role_list: 'role',
  user_list: 'user',
  file_list: 'file',
  file_upload: 'file',
  message_self_receive: 'messageReceived',
};

/** Fixtures under a resource's prefix that are not rows of it (other endpoints, failures). */
const NOT_ROWS = /^(dept_(all_dept|lazy_tree|delete)|user_info|menu_button_get_btn_permission)$/;

const rowsOf = (data: unknown): unknown[] => {
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object' && 'data' in data && Array.isArray(data.data)) return data.data;
  return [data];
};

describe('resource row schemas against the recorded dvadmin answers', () => {
  it.each(Object.entries(ROW_FIXTURES))('%s parses with the %s row schema', (name, resource) => {
    const body = fixture(name);
    expect(body.code).toBe(2000);
    const rows = rowsOf(body.data);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const parsed = Resources[resource].row.safeParse(row);
      expect(parsed.error?.issues ?? [], `${name}: ${JSON.stringify(row).slice(0, 200)}`).toEqual([]);
    }
  });

  it('every successful fixture named after a resource is checked here (a new one cannot be forgotten)', () => {
    const prefixes = [
      'dept',
      'menu',
      'role',
      'user',
      'file',
      'message',
      'area',
      'dictionary',
      'system_config',
    ];
    const unchecked = fixtureNames().filter(
      (name) =>
        prefixes.some((p) => name.startsWith(`${p}_`)) &&
        fixture(name).code === 2000 &&
        !(name in ROW_FIXTURES) &&
        !NOT_ROWS.test(name),
    );
    expect(unchecked).toEqual([]);
  });

  it('a row without an id fails (the table keys rows by id)', () => {
    expect(Resources.dept.row.safeParse({ name: 'x' }).success).toBe(false);
  });
});

import { Resources } from '../../../../contract/resources.ts';
import type { HttpClient } from '../../../../services/http/types.ts';
import { commonFields } from '../../../crud/common.ts';
import type { CrudOption, CrudResource } from '../../../crud/types.ts';

export const MENU_URL = Resources.menu.path;

/** Parent choices: every menu, indented by depth (catalogs first). */
async function parentOptions(http: HttpClient): Promise<CrudOption[]> {
  const env = await http.get<{ data?: { id: number; name: string; parent: number | null }[] }>(MENU_URL, {
    limit: 999,
  });
  const rows = env.data?.data ?? [];
  const depth = (id: number | null, seen = 0): number => {
    const row = rows.find((r) => r.id === id);
    return row && seen < 10 ? 1 + depth(row.parent, seen + 1) : 0;
  };
  return rows.map((r) => ({ value: r.id, label: `${'　'.repeat(depth(r.parent))}${r.name}`, color: 'gray' }));
}

const yesNo = { kind: 'radio' as const, dict: 'button_whether_bool' };

/**
 * 菜单管理: the menu tree, built by `parent` from the whole list as stock dvadmin's own client does (its
 * list is flat: every menu, children included); each menu's buttons are managed from its row.
 */
export const menuResource: CrudResource = {
  name: 'menu',
  url: MENU_URL,
  row: Resources.menu.row,
  title: 'system:menu.title',
  tree: { load: 'whole' },
  fields: [
    {
      name: 'name',
      label: 'system:menu.name',
      search: true,
      form: { required: true },
      column: { width: 180 },
    },
    {
      name: 'parent',
      label: 'system:menu.parent',
      kind: 'select',
      loadOptions: parentOptions,
      column: false,
    },
    { name: 'icon', label: 'system:menu.icon', column: { width: 100 } },
    { name: 'sort', label: 'system:menu.sort', kind: 'number', initial: 1, column: { width: 70 } },
    { name: 'is_catalog', label: 'system:menu.is_catalog', ...yesNo, initial: false, column: { width: 80 } },
    { name: 'is_link', label: 'system:menu.is_link', ...yesNo, initial: false, column: { hidden: true } },
    {
      // dvadmin 2.1: a link with `frame_out` false opens as a console tab holding an iframe; true, a new window.
      name: 'frame_out',
      label: 'system:menu.frame_out',
      ...yesNo,
      initial: false,
      column: { hidden: true },
      form: { when: (values) => values.is_link === true },
    },
    { name: 'web_path', label: 'system:menu.web_path', search: true },
    { name: 'component', label: 'system:menu.component' },
    { name: 'component_name', label: 'system:menu.component_name', column: { hidden: true } },
    { name: 'cache', label: 'system:menu.cache', ...yesNo, initial: false, column: { hidden: true } },
    { name: 'visible', label: 'system:menu.visible', ...yesNo, initial: true, column: { width: 80 } },
    {
      name: 'status',
      label: 'system:menu.status',
      kind: 'radio',
      dict: 'button_status_bool',
      initial: true,
      search: true,
      column: { width: 80 },
    },
    ...commonFields({ belongForm: false }),
  ],
};

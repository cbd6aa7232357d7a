import { Resources } from '../../../../contract/resources.ts';
import { commonFields } from '../../../crud/common.ts';
import type { CrudResource } from '../../../crud/types.ts';
import { METHOD_OPTIONS } from '../options.ts';

/** 菜单按钮: a menu's buttons (`?menu=<id>` when given), the API pattern each grants and its method. */
export function menuButtonResource(menu?: number | string): CrudResource {
  return {
    name: 'menuButton',
    url: Resources.menuButton.path,
    row: Resources.menuButton.row,
    title: 'system:menuButton.title',
    params: menu === undefined ? {} : { menu },
    fields: [
      ...(menu === undefined
        ? [
            {
              name: 'menu',
              label: 'system:menuButton.menu',
              kind: 'number' as const,
              search: true,
              form: { required: true },
            },
          ]
        : [
            {
              name: 'menu',
              label: 'system:menuButton.menu',
              column: false as const,
              form: false as const,
              initial: menu,
            },
          ]),
      { name: 'name', label: 'system:menuButton.name', search: true, form: { required: true } },
      { name: 'value', label: 'system:menuButton.value', dict: 'system_button', form: { required: true } },
      { name: 'api', label: 'system:menuButton.api', form: { required: true, span: 2 } },
      {
        name: 'method',
        label: 'system:menuButton.method',
        kind: 'select',
        options: METHOD_OPTIONS,
        initial: 0,
      },
      ...commonFields({ belongForm: false }),
    ],
    toBody: (values) => ({
      menu: values.menu ?? menu,
      name: values.name ?? null,
      value: values.value ?? null,
      api: values.api ?? null,
      method: values.method ?? 0,
      description: values.description ?? null,
    }),
  };
}

import type { CrudOption } from '../../crud/types.ts';

/** dvadmin's METHOD_CHOICES (menu buttons, API white list). */
export const METHOD_OPTIONS: CrudOption[] = [
  { value: 0, label: 'GET', color: 'teal' },
  { value: 1, label: 'POST', color: 'brand' },
  { value: 2, label: 'PUT', color: 'orange' },
  { value: 3, label: 'DELETE', color: 'red' },
  { value: 4, label: 'PATCH', color: 'grape' },
];

/** Read-only resources (logs): no create, edit or delete. */
export const READ_ONLY = { create: false, update: false, delete: false, batchDelete: false } as const;

export { AppCrudEnv } from './app-env.tsx';
export { DictTag } from './Cell.tsx';
export { ConfirmButton } from './ConfirmButton.tsx';
export { CrudPage } from './CrudPage.tsx';
export { commonFields, DESCRIPTION_MAX } from './common.ts';
export { type CrudEnv, CrudEnvProvider, useCrudEnv } from './env.tsx';
export { Permission, usePermission } from './permission.tsx';
export * from './query.ts';
export type * from './types.ts';

export { dictionaryButtonColor } from './buttonColor.ts';
export { DictButton, type DictButtonProps } from './DictButton.tsx';
export { Permission, type PermissionProps } from './Permission.tsx';
export { grantedPermissions, usePermission } from './usePermission.ts';

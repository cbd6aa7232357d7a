export {
  ALL_DICTIONARIES,
  type ApiOptions,
  createApi,
  DEPARTMENT_QUERY,
  indexDepartments,
  normalizeDictionaryEntry,
} from './api.ts';
export { type ExportedFile, type ExportRequest, exportFile, fallbackFileName, saveBlob } from './export.ts';
export { DEFAULT_PAGE_SIZE, fetchPage, MAX_PAGE_SIZE, type PageQuery } from './list.ts';
export { fetchRoleGrants, type MenuGrantRow, type RoleGrants, type RoleGrantsOf } from './role-grants.ts';
export { listSchema, type UploadedFile, uploadedFileSchema } from './schemas.ts';
export { buildTree, type TreeNode, type TreeRow } from './tree.ts';
export type * from './types.ts';
export { uploadFile } from './upload.ts';

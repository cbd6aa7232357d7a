/**
 * The signed-in user's own profile (CONTRACT.md, "Session"): update_user_info, change_password (md5 hex on
 * the wire) and the avatar upload. Profile and password calls are `quiet`: the page shows their errors on
 * the fields they name.
 */
import { md5Hex, Paths } from '../../contract/index.ts';
import type { ProfileUpdate } from '../../machines/profile/types.ts';
import type { HttpClient } from '../http/types.ts';
import type { UploadedFile } from './schemas.ts';
import { uploadFile } from './upload.ts';

/** The saved profile as update_user_info takes it (the profile chart's type). */
export type { ProfileUpdate };

export async function updateUserInfo(
  http: HttpClient,
  body: ProfileUpdate,
  signal?: AbortSignal,
): Promise<void> {
  await http.put(Paths.updateUserInfo, body, { signal, quiet: true });
}

export type PasswordChange = { oldPassword: string; newPassword: string; newPassword2: string };

/** Sends each password as lowercase md5 hex. */
export async function changePassword(
  http: HttpClient,
  userId: number,
  input: PasswordChange,
  signal?: AbortSignal,
): Promise<void> {
  const body = {
    oldPassword: md5Hex(input.oldPassword),
    newPassword: md5Hex(input.newPassword),
    newPassword2: md5Hex(input.newPassword2),
  };
  await http.put(Paths.changePassword(userId), body, { signal, quiet: true });
}

/** Image uploaders accept these (seed §5); the profile chart checks a chosen file against them. */
export { IMAGE_EXTENSIONS, isImageFileName } from '../../machines/profile/validation.ts';

/** Uploads one avatar image; rejects with 上传失败 when the response carries no data (uploadFile). */
export function uploadAvatar(http: HttpClient, file: File, signal?: AbortSignal): Promise<UploadedFile> {
  return uploadFile(http, file, { fileName: file.name, signal });
}

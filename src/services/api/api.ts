import {
  captchaSchema,
  captchaStatusSchema,
  type Dept,
  type DictionaryItem,
  deptNodeSchema,
  deptSchema,
  dictionaryGroupSchema,
  dictionaryItemSchema,
  loginResponseSchema,
  md5Hex,
  menuRecordSchema,
  normalizeDictionaryValue,
  Paths,
  REFRESH_COOKIE_PARAM,
  settingsSchema,
  tokenRefreshSchema,
  userInfoSchema,
} from '../../contract/index.ts';
import { type ApiError, isApiError, isMissingEndpoint, isPermissionRefusal } from '../http/errors.ts';
import type { HttpClient } from '../http/types.ts';
import { listSchema } from './schemas.ts';
import { buildTree } from './tree.ts';
import type { Api, Departments, Dictionaries, DictionaryEntry } from './types.ts';

/** The shell's department query (seed §7, §9). */
export const DEPARTMENT_QUERY = { limit: 999, status: 1 } as const;
export const ALL_DICTIONARIES = 'all';

/** Type 1 → number, type 6 → boolean (`'true'` only); label, explicit colour and type kept. */
export function normalizeDictionaryEntry(item: DictionaryItem): DictionaryEntry {
  const entry: DictionaryEntry = { label: item.label, value: normalizeDictionaryValue(item) };
  if (item.color) entry.color = item.color;
  if (typeof item.type === 'number') entry.type = item.type;
  return entry;
}

export function indexDepartments(list: Dept[]): Departments {
  const names: Record<number, string> = {};
  for (const dept of list) names[dept.id] = dept.name;
  return { list, tree: buildTree(list), names };
}

/** The captcha-status probe treats a missing route (or an SPA page instead of JSON) as "use the setting". */
const captchaStatusMissing = (error: ApiError) => isMissingEndpoint(error) || error.kind === 'parse';

/** Seed §7: settings are asked with the optional `aff` kept in local storage. */
function storedAff(): string | undefined {
  try {
    return (typeof localStorage === 'undefined' ? null : localStorage.getItem('aff')) || undefined;
  } catch {
    return undefined;
  }
}

export type ApiOptions = {
  /** The `aff` query of the settings call; defaults to `localStorage.aff`. */
  getAff?: () => string | undefined;
};

export function createApi(http: HttpClient, options: ApiOptions = {}): Api {
  const getAff = options.getAff ?? storedAff;
  return {
    getSettings: (signal) => {
      const aff = getAff();
      return http.data({ url: Paths.settings, params: aff ? { aff } : undefined, signal }, settingsSchema);
    },

    async getCaptchaEnabled(settings, signal) {
      try {
        const { state } = await http.data(
          { url: Paths.captchaStatus, signal, auth: 'none', quiet: captchaStatusMissing },
          captchaStatusSchema,
        );
        return state;
      } catch (error) {
        if (!isApiError(error) || !captchaStatusMissing(error)) throw error;
        return (await settings)?.['base.captcha_state'] ?? true;
      }
    },

    async getCaptcha(signal) {
      const captcha = await http.data({ url: Paths.captcha, signal, auth: 'none' }, captchaSchema);
      return 'key' in captcha ? { key: captcha.key, image: captcha.image_base } : null;
    },

    login: ({ username, password, captcha, captchaKey }, signal) =>
      http.data(
        {
          method: 'POST',
          url: Paths.login,
          params: { [REFRESH_COOKIE_PARAM]: 1 },
          data: { username, password: md5Hex(password), captcha, captchaKey },
          withCredentials: true,
          signal,
          auth: 'none',
          // the login page says why inline, next to the form: no toast on top of it
          quiet: true,
        },
        loginResponseSchema,
      ),

    refreshToken: (refresh, signal) =>
      http.data(
        {
          method: 'POST',
          url: Paths.tokenRefresh,
          data: refresh ? { refresh } : {},
          withCredentials: true,
          signal,
          auth: 'none',
          acceptRaw: true,
          quiet: true,
        },
        tokenRefreshSchema,
      ),

    async logout(refresh, signal) {
      await http.request({
        method: 'POST',
        url: Paths.logout,
        data: refresh ? { refresh } : {},
        withCredentials: true,
        signal,
        auth: 'token',
        quiet: true,
      });
    },

    getUserInfo: (signal) => http.data({ url: Paths.userInfo, signal }, userInfoSchema),

    getWebRouter: (signal) => http.data({ url: Paths.webRouter, signal }, listSchema(menuRecordSchema)),

    async getDictionaries(signal) {
      const groups = await http.data(
        { url: Paths.dictionary, params: { dictionary_key: ALL_DICTIONARIES }, signal },
        listSchema(dictionaryGroupSchema),
      );
      const out: Dictionaries = {};
      for (const group of groups) out[group.value] = group.children.map(normalizeDictionaryEntry);
      return out;
    },

    async getDictionary(key, signal) {
      const items = await http.data(
        { url: Paths.dictionary, params: { dictionary_key: key }, signal },
        listSchema(dictionaryItemSchema),
      );
      return items.map(normalizeDictionaryEntry);
    },

    async getDepartments(signal) {
      const list = await http.data(
        // A user without the department-list grant is refused (stock dvadmin): the start-up skips the step
        // and logs it, no toast.
        { url: Paths.dept, params: { ...DEPARTMENT_QUERY }, signal, quiet: isPermissionRefusal },
        listSchema(deptSchema),
      );
      const departments = indexDepartments(list);
      // Stock dvadmin answers this list with the root departments only (each announcing its children in
      // `has_children`): their children's names come from `all_dept/`, best effort — a refusal or a missing
      // route is quiet, any other failure is shown and logged by the client; the pages then show ids.
      const loadedChildren = (id: number) => list.filter((d) => d.parent === id).length;
      if (list.some((d) => (d.has_children ?? 0) > loadedChildren(d.id))) {
        try {
          const all = await http.data(
            { url: Paths.deptAll, signal, quiet: (e) => isPermissionRefusal(e) || isMissingEndpoint(e) },
            listSchema(deptNodeSchema),
          );
          for (const node of all) departments.names[node.id] ??= node.name;
        } catch (error) {
          if (signal?.aborted) throw error;
        }
      }
      return departments;
    },
  };
}

/** Every path the console calls (CONTRACT.md). Relative to the API base URL; dvadmin keeps trailing slashes. */
export const Paths = {
  settings: '/api/init/settings/',
  captcha: '/api/captcha/',
  captchaStatus: '/api/captcha/status/',
  login: '/api/login/',
  logout: '/api/logout/',
  tokenRefresh: '/token/refresh/',
  userInfo: '/api/system/user/user_info/',
  updateUserInfo: '/api/system/user/update_user_info/',
  changePassword: (userId: number | string) => `/api/system/user/${userId}/change_password/`,
  webRouter: '/api/system/menu/web_router/',
  dictionary: '/api/init/dictionary/',
  dept: '/api/system/dept/',
  deptItem: (id: number | string) => `/api/system/dept/${id}/`,
  deptMultipleDelete: '/api/system/dept/multiple_delete/',
  deptAll: '/api/system/dept/all_dept/',
  deptLazyTree: '/api/system/dept_lazy_tree/',
  file: '/api/system/file/',
  messageUnread: '/xy/message/get_message/',
  messageRead: (id: number | string) => `/xy/message/${id}/read/`,
  /** Reference server only: run-time client configuration, loaded by index.html before the bundle. */
  appConfig: '/app-config.js',
  /** Reference server only, and only with TEST_HOOKS=1: `{answer}` of a captcha, for browser tests. */
  testCaptchaAnswer: (key: number | string) => `/__test__/captcha/${key}`,
} as const;

/** App constants from seed §9. */
export const APP_VERSION = '2.0.4';
export const DB_PREFIX = 'xy-admin';
export const COOKIE_DAYS = 1;
/**
 * Client cookies. `refresh_mode` (`cookie` or absent) says the server keeps the refresh token in an HttpOnly
 * cookie of its own (set when the login asked with `?refresh_cookie=1`), so the client posts `{}` to refresh
 * and log out; it is no secret.
 */
export const Cookies = {
  uuid: 'uuid',
  token: 'token',
  refresh: 'refresh',
  refreshMode: 'refresh_mode',
  lang: 'lang',
} as const;
/** Login query parameter asking the server for the HttpOnly refresh cookie (a stock dvadmin ignores it). */
export const REFRESH_COOKIE_PARAM = 'refresh_cookie';
export const GHOST_UUID = 'ghost-uuid';
export const MENU_DATA_KEY = 'menuData';
export const INDEX_PATH = '/index';
export const LOGIN_PATH = '/login';
export const LOGIN_FREE_PATHS = ['/login', '/auth-redirect', '/bind', '/register', '/oauth2'] as const;
export const Timeouts = { base: 20_000, api: 60_000, export: 300_000, retryDelay: 1_000, lazyChunk: 120_000 };
export const ACCESS_TOKEN_MINUTES = 120;
export const REFRESH_TOKEN_DAYS = 1;

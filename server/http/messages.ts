// Every message the server sends, in Chinese (the default, worded as dvadmin/DRF word them) and English
// (when Accept-Language prefers it). Keys are stable; `{name}` placeholders are filled at send time.

export type Locale = 'zh' | 'en';

const MESSAGES = {
  // envelope successes
  'ok.success': { zh: 'success', en: 'success' },
  'ok.fetched': { zh: '获取成功', en: 'Fetched successfully' },
  'ok.request': { zh: '请求成功', en: 'Request succeeded' },
  'ok.created': { zh: '新增成功', en: 'Created successfully' },
  'ok.updated': { zh: '更新成功', en: 'Updated successfully' },
  'ok.modified': { zh: '修改成功', en: 'Changed successfully' },
  'ok.deleted': { zh: '删除成功', en: 'Deleted successfully' },
  'ok.loggedOut': { zh: '注销成功', en: 'Logged out' },

  // transport and routing
  'route.notFound': { zh: '接口地址不正确', en: 'Invalid API address' },
  'route.methodNotAllowed': { zh: '方法 “{method}” 不被允许。', en: 'Method "{method}" not allowed.' },
  'route.badUrl': { zh: '请求地址格式不正确', en: 'Malformed request URL' },
  'media.notFound': { zh: '文件不存在', en: 'File not found' },
  'body.invalidJson': {
    zh: 'JSON 解析错误：请求体不是合法的 JSON。',
    en: 'JSON parse error: the request body is not valid JSON.',
  },
  'body.tooLarge': {
    zh: '请求体过大，上限为 {limit}。',
    en: 'Request body too large; the limit is {limit}.',
  },
  'body.mediaType': {
    zh: '不支持请求中的媒体类型 “{type}”。',
    en: 'Unsupported media type "{type}" in request.',
  },
  'body.malformed': { zh: '请求格式不正确。', en: 'Malformed request.' },
  'server.error': { zh: '服务器内部错误', en: 'Internal server error' },
  'sign.invalid': { zh: '签名无效', en: 'Invalid signature' },

  // authentication
  'auth.notProvided': { zh: '身份认证信息未提供。', en: 'Authentication credentials were not provided.' },
  'auth.userNotFound': { zh: '用户不存在或已被删除', en: 'User not found' },
  'auth.userInactive': { zh: '用户已被禁用', en: 'User is inactive' },
  'auth.badHeader': {
    zh: '认证头必须是以空格分隔的两个值',
    en: 'Authorization header must contain two space-delimited values',
  },
  'login.captchaRequired': { zh: '验证码不能为空', en: 'Captcha is required' },
  'login.captchaWrong': { zh: '图片验证码错误', en: 'Wrong captcha' },
  'login.captchaExpired': { zh: '验证码过期', en: 'Captcha expired' },
  'login.badCredentials': { zh: '账号/密码错误', en: 'Wrong username or password' },
  'login.inactive': {
    zh: '该账号已被禁用，请联系管理员',
    en: 'This account is disabled; contact an administrator',
  },
  'list.rateLimited': {
    zh: '请求过于频繁，请 {seconds} 秒后再试',
    en: 'Too many list or search requests; try again in {seconds} s',
  },
  'login.rateLimited': {
    zh: '登录失败次数过多，请 {seconds} 秒后重试',
    en: 'Too many failed login attempts; try again in {seconds} seconds',
  },
  'password.paramsMissing': { zh: '参数不能为空', en: 'Parameters must not be empty' },
  'password.mismatch': { zh: '两次密码不匹配', en: 'The two passwords do not match' },
  'password.wrongOld': { zh: '旧密码不正确', en: 'The old password is incorrect' },
  'password.notMd5': {
    zh: '密码须以 MD5 十六进制摘要提交',
    en: 'Passwords must be sent as an MD5 hex digest',
  },
  'password.empty': { zh: '新密码不能为空', en: 'The new password must not be empty' },
  'password.notSelf': { zh: '只能修改当前登录用户的密码', en: 'You can only change your own password' },

  // validation (DRF's wording)
  'v.required': { zh: '该字段是必填项。', en: 'This field is required.' },
  'v.null': { zh: '该字段不能为 null。', en: 'This field may not be null.' },
  'v.blank': { zh: '该字段不能为空。', en: 'This field may not be blank.' },
  'v.string': { zh: '不是有效的字符串。', en: 'Not a valid string.' },
  'v.integer': { zh: '请填写合法的整数值。', en: 'A valid integer is required.' },
  'v.boolean': { zh: '必须是有效的布尔值。', en: 'Must be a valid boolean.' },
  'v.list': {
    zh: '期望为一个包含物件的列表，得到的类型是“{type}”。',
    en: 'Expected a list of items but got type "{type}".',
  },
  'v.maxLength': {
    zh: '请确保这个字段不能超过 {max} 个字符。',
    en: 'Ensure this field has no more than {max} characters.',
  },
  'v.maxValue': {
    zh: '请确保该值小于或者等于 {max}。',
    en: 'Ensure this value is less than or equal to {max}.',
  },
  'v.minValue': {
    zh: '请确保该值大于或者等于 {min}。',
    en: 'Ensure this value is greater than or equal to {min}.',
  },
  'v.email': { zh: '请输入合法的邮件地址。', en: 'Enter a valid email address.' },
  'v.choice': { zh: '“{value}” 不是合法选项。', en: '"{value}" is not a valid choice.' },
  'v.invalid': { zh: '格式不正确。', en: 'Invalid value.' },
  'v.nullCharacter': {
    zh: '不允许包含空字符（U+0000）。',
    en: 'Null characters (U+0000) are not allowed.',
  },
  'v.notObject': {
    zh: '无效数据。期待为字典类型，得到的是 {type} 。',
    en: 'Invalid data. Expected a dictionary, but got {type}.',
  },
  'v.unique': { zh: '具有 {label} 的 {model} 已存在。', en: '{model} with this {label} already exists.' },
  'v.pkMissing': {
    zh: '无效主键 “{value}” － 对象不存在。',
    en: 'Invalid pk "{value}" - object does not exist.',
  },
  'v.keysMissing': { zh: '未获取到keys字段', en: 'The keys field is missing' },

  // departments
  'dept.parentCycle': {
    zh: '上级部门不能是自己或自己的下级部门',
    en: 'A department cannot be its own ancestor',
  },
  'dept.hasChildren': {
    zh: '该部门下存在子部门，无法删除',
    en: 'This department has sub-departments and cannot be deleted',
  },
  'dept.hasUsers': {
    zh: '该部门下还有 {count} 名用户，无法删除',
    en: 'This department still has {count} user(s) and cannot be deleted',
  },

  // deletes (CRUD kit multiple_delete)
  'delete.partial': {
    zh: '删除成功 ({deleted})，其余 {skipped} 条不存在或不在您的数据权限范围内',
    en: 'Deleted ({deleted}); the other {skipped} do not exist or are outside your data scope',
  },
  'delete.none': {
    zh: '未删除任何数据：所选 {count} 条不存在或不在您的数据权限范围内',
    en: 'Nothing was deleted: the {count} selected do not exist or are outside your data scope',
  },

  // privileges (issue 12): superusers and what an editor may grant
  'writes.superuserOnly': {
    zh: '只有超级管理员可以新增、修改或删除{model}：它决定接口权限',
    en: 'Only a superuser may add, change or delete {model}: it decides what the API grants',
  },
  'user.superuserOnly': {
    zh: '只有超级管理员可以修改、重置密码、禁用或删除超级管理员',
    en: 'Only a superuser may change, reset, disable or delete a superuser',
  },
  'grant.role': {
    zh: '无权授予角色“{name}”：其菜单、按钮或数据权限超出您自己的权限',
    en: 'You may not grant the role "{name}": its menus, buttons or data range exceed your own',
  },
  'grant.dept': {
    zh: '无权使用部门“{name}”：它不在您的数据权限范围内',
    en: 'You may not use the department "{name}": it is outside your data scope',
  },
  'grant.menus': {
    zh: '无权授予您自己没有的菜单或按钮',
    en: 'You may not grant menus or buttons you do not hold yourself',
  },
  'grant.dataRange': {
    zh: '无权设置超出您自己数据权限的范围',
    en: 'You may not set a data range wider than your own',
  },

  // transport limits
  'header.tooLarge': {
    zh: '请求头过大',
    en: 'Request header fields too large',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

export function t(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  return MESSAGES[key][locale].replace(/\{(\w+)\}/g, (_, name: string) =>
    String(params[name] ?? `{${name}}`),
  );
}

/**
 * The preferred of zh/en from an Accept-Language header, honouring q-values; Chinese when neither appears.
 * (A browser sends its own UI language; the SPA may set the header to the language chosen in the app.)
 */
export function pickLocale(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
  }
  return 'zh';
}

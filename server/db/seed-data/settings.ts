// System settings of a fresh install (fixture init_settings.json), grouped as dvadmin's system_config:
// a group row (`base`, `login`) with child rows; the API flattens them to `"group.key": value`.

export type SettingSeed = { key: string; title: string; value: unknown; formItemType: number };
export type SettingGroupSeed = { key: string; title: string; children: SettingSeed[] };

// form_item_type values of the config_form_type dictionary: 0 text, 7 image, 9 switch.
export const SETTINGS: SettingGroupSeed[] = [
  {
    key: 'base',
    title: '基础配置',
    children: [
      { key: 'captcha_state', title: '开启验证码', value: true, formItemType: 9 },
      { key: 'single_login', title: '单点登录', value: false, formItemType: 9 },
      { key: 'default_password', title: '创建用户默认密码', value: 'admin123456', formItemType: 0 },
    ],
  },
  {
    key: 'login',
    title: '登录页配置',
    children: [
      { key: 'site_name', title: '网站标题', value: '企业级后台管理系统', formItemType: 0 },
      { key: 'site_logo', title: '网站小图标', value: null, formItemType: 7 },
      { key: 'login_background', title: '登录背景图', value: null, formItemType: 7 },
      {
        key: 'copyright',
        title: '版权信息',
        value: '2021-2022 django-vue-admin.com 版权所有',
        formItemType: 0,
      },
      { key: 'keep_record', title: '备案信息', value: '晋ICP备18005113号-3', formItemType: 0 },
      { key: 'help_url', title: '帮助', value: 'https://django-vue-admin.com', formItemType: 0 },
      { key: 'privacy_url', title: '隐私', value: '#', formItemType: 0 },
      { key: 'clause_url', title: '条款', value: '#', formItemType: 0 },
    ],
  },
];

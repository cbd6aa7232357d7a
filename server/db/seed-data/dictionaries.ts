// The eight dictionaries of a fresh dvadmin (fixture init_dictionary_all.json). Inserted in this order, a
// group followed by its children, they get the same ids as the fixture (1, 4, 13, 16, 19, 22, 25, 42).

export type DictionarySeed = {
  label: string;
  value: string;
  children: { label: string; value: string; type: number; color: string | null }[];
};

const n = (label: string, value: string, color: string | null = null) => ({ label, value, type: 1, color });
const b = (label: string, value: string) => ({ label, value, type: 6, color: null });
const t = (label: string, value: string, color: string) => ({ label, value, type: 0, color });

export const DICTIONARIES: DictionarySeed[] = [
  {
    label: '启用/禁用-布尔值',
    value: 'button_status_bool',
    children: [b('启用', 'true'), b('禁用', 'false')],
  },
  {
    label: '系统按钮',
    value: 'system_button',
    children: [
      t('新增', 'Create', 'success'),
      t('编辑', 'Update', 'primary'),
      t('删除', 'Delete', 'danger'),
      t('详情', 'Retrieve', 'info'),
      t('查询', 'Search', 'warning'),
      t('保存', 'Save', 'success'),
      t('导入', 'Import', 'primary'),
      t('导出', 'Export', 'warning'),
    ],
  },
  { label: '启用/禁用-数字值', value: 'button_status_number', children: [n('启用', '1'), n('禁用', '0')] },
  { label: '是/否-布尔值', value: 'button_whether_bool', children: [b('是', 'true'), b('否', 'false')] },
  { label: '是/否-数字值', value: 'button_whether_number', children: [n('是', '1'), n('否', '2')] },
  { label: '用户类型', value: 'user_type', children: [n('后台用户', '0'), n('前台用户', '1')] },
  {
    label: '表单类型',
    value: 'config_form_type',
    children: [
      n('text', '0'),
      n('textarea', '3', ''),
      n('number', '10', ''),
      n('datetime', '1'),
      n('date', '2'),
      n('time', '15', ''),
      n('select', '4'),
      n('checkbox', '5'),
      n('radio', '6'),
      n('switch', '9', ''),
      n('文件附件', '8', ''),
      n('图片(单张)', '7', ''),
      n('图片(多张)', '12', ''),
      n('数组', '11', ''),
      n('关联表', '13', ''),
      n('关联表(多选)', '14', ''),
    ],
  },
  { label: '性别', value: 'gender', children: [n('未知', '0'), n('男', '1'), n('女', '2')] },
];

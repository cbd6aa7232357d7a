// Department input, with dvadmin's field labels so messages read `部门名称:该字段是必填项。`.
import { z } from 'zod';
import { field } from '../../http/validate.ts';

export const deptBody = z.object({
  name: field.text(64),
  key: field.optionalText(64),
  sort: field.optionalInteger(0),
  owner: field.optionalText(32),
  phone: field.optionalText(32),
  email: field.optionalEmail(32),
  status: field.optionalBoolean(),
  parent: field.optionalInteger(1),
  description: field.optionalText(200),
});
export type DeptInput = z.output<typeof deptBody>;

export const DEPT_LABELS = {
  name: { zh: '部门名称', en: 'Department name' },
  key: { zh: '关联字符', en: 'Key' },
  sort: { zh: '显示排序', en: 'Sort' },
  owner: { zh: '负责人', en: 'Owner' },
  phone: { zh: '联系电话', en: 'Phone' },
  email: { zh: '邮箱', en: 'Email' },
  status: { zh: '部门状态', en: 'Status' },
  parent: { zh: '上级部门', en: 'Parent department' },
  description: { zh: '描述', en: 'Description' },
};
export const DEPT_MODEL = { zh: '部门表', en: 'department' };

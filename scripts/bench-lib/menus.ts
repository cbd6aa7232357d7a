/**
 * A generated `web_router` for the shell benchmark: deterministic (seeded), shaped like a large dvadmin
 * install — ~100 catalogs (some nested), leaves with a component and a `component_name`, some hidden, some
 * external links, a few whose parent is missing.
 */
import type { MenuRecord } from '../../src/contract/menu.ts';

const SUBJECTS = [
  '用户',
  '角色',
  '部门',
  '菜单',
  '字典',
  '日志',
  '配置',
  '文件',
  '消息',
  '订单',
  '商品',
  '库存',
  '报表',
  '审批',
  '客户',
  '合同',
  '供应商',
  '仓库',
  '财务',
  '发票',
];
const SLUGS = [
  'user',
  'role',
  'dept',
  'menu',
  'dictionary',
  'log',
  'config',
  'file',
  'message',
  'order',
  'product',
  'stock',
  'report',
  'approval',
  'customer',
  'contract',
  'supplier',
  'warehouse',
  'finance',
  'invoice',
];
const ACTIONS = ['管理', '列表', '详情', '统计', '设置', '审核', '导入', '归档'];
const ACTION_SLUGS = ['manage', 'list', 'detail', 'stats', 'settings', 'review', 'import', 'archive'];
const ICONS = ['file', 'user', 'setting', 'list', 'chart', 'folder', null];

/** Mulberry32: a small seeded PRNG so every run benches the same menu. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type GeneratedMenu = { records: MenuRecord[]; catalogs: number; leaves: number; hidden: number };

export function generateWebRouter(total = 2000, catalogCount = 100, seed = 20261121): GeneratedMenu {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const records: MenuRecord[] = [];
  const catalogIds: number[] = [];
  let id = 1;
  // 80 top-level catalogs, 20 nested one level under them.
  for (let c = 0; c < catalogCount; c++) {
    const s = c % SUBJECTS.length;
    const parent =
      c < catalogCount * 0.8 ? null : (catalogIds[Math.floor(random() * catalogIds.length)] ?? null);
    records.push({
      id,
      parent,
      icon: pick(ICONS),
      sort: c,
      path: `/${SLUGS[s]}-${c}`,
      web_path: `/${SLUGS[s]}-${c}`,
      name: `${SUBJECTS[s]}中心${c}`,
      is_link: false,
      is_catalog: true,
      component: null,
      component_name: null,
      cache: false,
      visible: random() > 0.03,
      menuPermission: null,
    });
    catalogIds.push(id);
    id++;
  }
  let hidden = 0;
  const leaves = total - catalogCount;
  for (let l = 0; l < leaves; l++) {
    const s = Math.floor(random() * SUBJECTS.length);
    const a = Math.floor(random() * ACTIONS.length);
    const roll = random();
    // ~1% point at a parent that is not in the list (deleted catalog).
    const parent =
      roll < 0.01 ? 900_000 + l : (catalogIds[Math.floor(random() * catalogIds.length)] as number);
    const isLink = random() < 0.03;
    const isHidden = random() < 0.1;
    if (isHidden) hidden++;
    const slug = `${SLUGS[s]}-${ACTION_SLUGS[a]}-${l}`;
    const path = isLink ? `https://docs.example.com/${slug}` : `/${SLUGS[s]}/${slug}`;
    records.push({
      id,
      parent,
      icon: pick(ICONS),
      sort: l,
      path,
      web_path: path,
      name: `${SUBJECTS[s]}${ACTIONS[a]}${l}`,
      is_link: isLink,
      is_catalog: false,
      component: isLink ? null : `${SLUGS[s]}/${ACTION_SLUGS[a]}/index`,
      component_name: isLink ? null : `${SLUGS[s]}${ACTION_SLUGS[a]}${l}`,
      cache: random() < 0.3,
      visible: !isHidden,
      menuPermission: random() < 0.5 ? ['Search', 'Create', 'Update', 'Delete'] : [],
    });
    id++;
  }
  return { records, catalogs: catalogCount, leaves, hidden };
}

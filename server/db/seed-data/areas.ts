// A small province → city set for the area resource (dvadmin's Area: code, pcode = the parent's code,
// level 1 province / 2 city). Codes are the national administrative division codes.

export type AreaSeed = {
  name: string;
  code: string;
  pinyin: string;
  initials: string;
  children?: AreaSeed[];
};

export const AREAS: AreaSeed[] = [
  { name: '北京市', code: '110000', pinyin: 'beijingshi', initials: 'B' },
  { name: '上海市', code: '310000', pinyin: 'shanghaishi', initials: 'S' },
  {
    name: '广东省',
    code: '440000',
    pinyin: 'guangdongsheng',
    initials: 'G',
    children: [
      { name: '广州市', code: '440100', pinyin: 'guangzhoushi', initials: 'G' },
      { name: '深圳市', code: '440300', pinyin: 'shenzhenshi', initials: 'S' },
    ],
  },
  {
    name: '浙江省',
    code: '330000',
    pinyin: 'zhejiangsheng',
    initials: 'Z',
    children: [{ name: '杭州市', code: '330100', pinyin: 'hangzhoushi', initials: 'H' }],
  },
];

/** Flattened rows, parents first. */
export function areaRows(): {
  name: string;
  code: string;
  pinyin: string;
  initials: string;
  level: number;
  pcode: string | null;
}[] {
  const rows: ReturnType<typeof areaRows> = [];
  const walk = (areas: AreaSeed[], level: number, pcode: string | null) => {
    for (const a of areas) {
      rows.push({ name: a.name, code: a.code, pinyin: a.pinyin, initials: a.initials, level, pcode });
      walk(a.children ?? [], level + 1, a.code);
    }
  };
  walk(AREAS, 1, null);
  return rows;
}

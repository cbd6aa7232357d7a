// User import (dvadmin's import flow, kept simple): `GET user/import/` gives the template (one header row);
// `POST user/import/` takes the filled workbook — uploaded as multipart field `file`, as `{url}` of a file
// uploaded before (`media/...`, the stock console's flow), or base64 as `{file}` — or JSON rows as `{rows}`
// (objects keyed by field name or template header). Every row is validated first (errors name the row);
// then an existing username is updated (password kept), a new one created with the default password.
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.ts';
import { ApiError, resolveText } from '../../http/envelope.ts';
import type { Locale } from '../../http/messages.ts';
import type { ApiRow, Ctx, Kit } from '../crud/kit.ts';
import { type Cell, readXlsxAsync, XlsxTooLargeError } from '../crud/xlsx.ts';
import type { UserInput } from './routes.ts';

type Lookup = { id: number; name: string; key: string | null }[];
type Lookups = { depts: Lookup; roles: Lookup };

const GENDERS: Record<string, number> = { 未知: 0, 男: 1, 女: 2, unknown: 0, male: 1, female: 2 };
const ACTIVE: Record<string, boolean> = {
  启用: true,
  禁用: false,
  enabled: true,
  disabled: false,
  true: true,
  false: false,
  '1': true,
  '0': false,
};
const GENDER_TEXT = { zh: ['未知', '男', '女'], en: ['Unknown', 'Male', 'Female'] };

const text = (v: Cell | unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = typeof v === 'number' && Number.isInteger(v) ? String(v) : String(v);
  return s.trim() === '' ? null : s.trim();
};

const byNameKeyOrId = (list: Lookup, value: string) =>
  list.find((x) => String(x.id) === value || x.name === value || (x.key !== null && x.key === value))?.id;

export type TemplateColumn = {
  field: keyof UserInput;
  header: { zh: string; en: string };
  exportValue: (row: ApiRow, locale: Locale) => Cell;
};

export const TEMPLATE_COLUMNS: TemplateColumn[] = [
  { field: 'username', header: { zh: '登录账号', en: 'Username' }, exportValue: (r) => r.username as string },
  { field: 'name', header: { zh: '用户名称', en: 'Name' }, exportValue: (r) => r.name as string },
  {
    field: 'email',
    header: { zh: '用户邮箱', en: 'Email' },
    exportValue: (r) => (r.email as string) ?? null,
  },
  {
    field: 'mobile',
    header: { zh: '手机号码', en: 'Mobile' },
    exportValue: (r) => (r.mobile as string) ?? null,
  },
  {
    field: 'gender',
    header: { zh: '用户性别', en: 'Gender' },
    exportValue: (r, l) => GENDER_TEXT[l][r.gender as number] ?? null,
  },
  {
    field: 'dept',
    header: { zh: '部门', en: 'Department' },
    exportValue: (r) => (r.dept_name as string) ?? null,
  },
  {
    field: 'role',
    header: { zh: '角色', en: 'Roles' },
    exportValue: (r) => ((r.role_info as { name: string }[]) ?? []).map((x) => x.name).join(','),
  },
  {
    field: 'is_active',
    header: { zh: '账号状态', en: 'Active' },
    exportValue: (r, l) =>
      r.is_active ? (l === 'en' ? 'Enabled' : '启用') : l === 'en' ? 'Disabled' : '禁用',
  },
];

const NO_DATA = { zh: '未获取到导入数据', en: 'No import data was provided' };
const BAD_FILE = {
  zh: '无法读取导入文件，请使用导入模板（.xlsx）',
  en: 'Cannot read the file; use the import template (.xlsx)',
};
const TOO_LARGE = {
  zh: '导入文件解压后超过 {mb} MB，已拒绝；请拆分后分批导入',
  en: 'The import file expands beyond {mb} MB once unpacked and was refused; split it into smaller files',
};

const rowError = (row: number, inner: ApiError | ((l: Locale) => string)) =>
  new ApiError(4000, (l) => {
    const message = inner instanceof ApiError ? String(inner.render(l)) : inner(l);
    return l === 'en' ? `Row ${row}: ${message}` : `第${row}行 ${message}`;
  });

/** Workbook rows → objects keyed by field, matching headers in either language (a trailing `*` ignored). */
export function rowsFromSheet(sheet: Cell[][]): Record<string, unknown>[] {
  const [headerRow = [], ...rest] = sheet;
  const fieldsByColumn = headerRow.map((h) => {
    const name = text(h)?.replace(/\*$/, '').trim();
    return TEMPLATE_COLUMNS.find((c) => c.field === name || c.header.zh === name || c.header.en === name)
      ?.field;
  });
  return rest
    .filter((cells) => cells.some((c) => text(c) !== null))
    .map((cells) => Object.fromEntries(fieldsByColumn.flatMap((f, i) => (f ? [[f, cells[i] ?? null]] : []))));
}

async function sourceRows(request: FastifyRequest): Promise<Record<string, unknown>[]> {
  const multipart = request as FastifyRequest & {
    isMultipart?: () => boolean;
    file?: () => Promise<{ toBuffer: () => Promise<Buffer> } | undefined>;
  };
  let workbook: Buffer | null = null;
  if (multipart.isMultipart?.() && multipart.file) {
    const file = await multipart.file();
    if (file) workbook = await file.toBuffer();
  } else {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (Array.isArray(body)) return body as Record<string, unknown>[];
    if (Array.isArray(body.rows)) {
      return (body.rows as Record<string, unknown>[]).map((row) =>
        Array.isArray(row) ? {} : (rowsFromSheet([Object.keys(row), Object.values(row) as Cell[]])[0] ?? {}),
      );
    }
    if (typeof body.file === 'string') workbook = Buffer.from(body.file, 'base64');
    else if (typeof body.url === 'string') {
      const mediaDir = resolve(request.server.serverConfig.mediaDir);
      const relative = body.url
        .replace(/^https?:\/\/[^/]+/, '')
        .replace(/^\/+/, '')
        .replace(/^media\//, '');
      const path = resolve(mediaDir, relative);
      if (!path.startsWith(mediaDir + sep)) throw new ApiError(4000, (l) => BAD_FILE[l]);
      workbook = await readFile(path).catch(() => null);
      if (!workbook) throw new ApiError(4000, (l) => BAD_FILE[l]);
    }
  }
  if (!workbook) throw new ApiError(4000, (l) => NO_DATA[l]);
  try {
    // Inflated off the event loop, within caps: a zip bomb is refused, not expanded (crud/xlsx.ts).
    return rowsFromSheet(await readXlsxAsync(workbook));
  } catch (error) {
    if (error instanceof XlsxTooLargeError) {
      const mb = Math.floor(error.limit / 1024 / 1024);
      throw new ApiError(4000, (l) => TOO_LARGE[l].replace('{mb}', String(mb)));
    }
    throw new ApiError(4000, (l) => BAD_FILE[l]);
  }
}

function toBody(
  raw: Record<string, unknown>,
  lookups: Lookups,
  rowNo: number,
  labels: Record<string, { zh: string; en: string }>,
) {
  const body: Record<string, unknown> = {};
  for (const field of ['username', 'name', 'email', 'mobile'] as const) {
    if (field in raw)
      body[field] = text(raw[field]) ?? (field === 'username' || field === 'name' ? undefined : null);
  }
  const gender = text(raw.gender);
  if (gender !== null) body.gender = GENDERS[gender.toLowerCase()] ?? gender;
  const active = text(raw.is_active);
  if (active !== null) body.is_active = ACTIVE[active.toLowerCase()] ?? active;
  const missing = (field: 'dept' | 'role', value: string) =>
    rowError(rowNo, (l) => resolveText(l, { key: 'v.pkMissing', params: { value }, label: labels[field] }));
  const dept = text(raw.dept);
  if (dept !== null) {
    const id = byNameKeyOrId(lookups.depts, dept);
    if (id === undefined) throw missing('dept', dept);
    body.dept = id;
  }
  const roles = Array.isArray(raw.role) ? raw.role.map(String) : (text(raw.role)?.split(/[,，]/) ?? null);
  if (roles !== null) {
    body.role = roles
      .map((r) => r.trim())
      .filter(Boolean)
      .map((r) => {
        const id = byNameKeyOrId(lookups.roles, r);
        if (id === undefined) throw missing('role', r);
        return id;
      });
  }
  return body;
}

export async function importUsers<R>(
  db: Db,
  kit: Kit<'users', UserInput, R>,
  ctx: Ctx,
): Promise<{ created: number; updated: number }> {
  const rows = await sourceRows(ctx.request);
  if (!rows.length) throw new ApiError(4000, (l) => NO_DATA[l]);
  const live = (table: 'dept' | 'role') =>
    db.selectFrom(table).select(['id', 'name', 'key']).where('is_deleted', '=', false).execute();
  const lookups = { depts: await live('dept'), roles: await live('role') };
  const labels = kit.def.labels as Record<string, { zh: string; en: string }>;
  // Validate everything before writing anything; the header is row 1.
  const inputs = rows.map((raw, i) => {
    try {
      return kit.validate(toBody(raw, lookups, i + 2, labels));
    } catch (error) {
      if (error instanceof ApiError && !/^(第\d+行|Row \d+)/.test(String(error.render('zh'))))
        throw rowError(i + 2, error);
      throw error;
    }
  });
  let created = 0;
  let updated = 0;
  for (const [i, input] of inputs.entries()) {
    const existing = await kit
      .query(ctx)
      .clearSelect()
      .select('t.id')
      .where('t.username', '=', input.username)
      .executeTakeFirst();
    try {
      if (existing) {
        await kit.update(ctx, existing.id as number, { ...input, password: undefined });
        updated++;
      } else {
        await kit.create(ctx, input);
        created++;
      }
    } catch (error) {
      throw error instanceof ApiError ? rowError(i + 2, error) : error;
    }
  }
  return { created, updated };
}

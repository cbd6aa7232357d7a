// A minimal .xlsx writer and reader, enough for exports, import templates and imports: one sheet, inline
// strings and numbers out; shared strings, inline strings, numbers and booleans in. The zip container is
// written and read by hand on node:zlib (deflate + crc32), so no dependency is needed.
//
// Reading an uploaded workbook is reading hostile input (issue 12, a zip bomb): `readXlsxAsync` inflates
// only the four entries a sheet needs, on zlib's thread pool (the event loop stays free), each capped with
// zlib's `maxOutputLength` and all of them together under a total, and throws XlsxTooLargeError when a cap
// is hit — so a 1 MB upload can no longer expand to gigabytes. The sync `readXlsx` is for trusted
// workbooks (our own exports, tests) and is capped the same way.
import { promisify } from 'node:util';
import { crc32, deflateRawSync, inflateRaw, inflateRawSync } from 'node:zlib';

const inflateRawAsync = promisify(inflateRaw);

export type Cell = string | number | boolean | null | undefined;

// ——— zip ———

type ZipEntry = { name: string; data: Buffer };

function dosDateTime(date: Date): { time: number; day: number } {
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2);
  const day = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return { time, day };
}

export function zip(entries: ZipEntry[], now = new Date()): Buffer {
  const { time, day } = dosDateTime(now);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const packed = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // utf-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(day, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export type InflateLimits = { perEntry: number; total: number };
/** Caps for an uploaded workbook: generous for a real sheet (100,000 users are ~15 MB of sheet XML). */
export const XLSX_LIMITS: InflateLimits = { perEntry: 64 * 1024 * 1024, total: 128 * 1024 * 1024 };

/** An entry, or all of them together, would inflate beyond the caps. */
export class XlsxTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the workbook inflates beyond ${limit} bytes`);
    this.name = 'XlsxTooLargeError';
  }
}

type ZipDirectoryEntry = { name: string; method: number; raw: Buffer };

/** The zip's central directory: every entry's name, method and compressed bytes (nothing inflated). */
export function zipDirectory(buffer: Buffer): Map<string, ZipDirectoryEntry> {
  let end = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 65_557); i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip file');
  const count = buffer.readUInt16LE(end + 10);
  let pos = buffer.readUInt32LE(end + 16);
  const entries = new Map<string, ZipDirectoryEntry>();
  for (let i = 0; i < count; i++) {
    if (buffer.readUInt32LE(pos) !== 0x02014b50) throw new Error('bad zip directory');
    const method = buffer.readUInt16LE(pos + 10);
    const size = buffer.readUInt32LE(pos + 20);
    const nameLength = buffer.readUInt16LE(pos + 28);
    const extraLength = buffer.readUInt16LE(pos + 30);
    const commentLength = buffer.readUInt16LE(pos + 32);
    const localOffset = buffer.readUInt32LE(pos + 42);
    const name = buffer.toString('utf8', pos + 46, pos + 46 + nameLength);
    const dataStart =
      localOffset + 30 + buffer.readUInt16LE(localOffset + 26) + buffer.readUInt16LE(localOffset + 28);
    if (method !== 0 && method !== 8) throw new Error(`unsupported zip method ${method}`);
    entries.set(name, { name, method, raw: buffer.subarray(dataStart, dataStart + size) });
    pos += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const tooLarge = (error: unknown) =>
  error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';

/** Reads a zip's entries (stored or deflated), each and all capped. Throws on anything that is not a zip. */
export function unzip(buffer: Buffer, limits: InflateLimits = XLSX_LIMITS): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let total = 0;
  for (const entry of zipDirectory(buffer).values()) {
    const room = Math.min(limits.perEntry, limits.total - total);
    let data: Buffer;
    try {
      data =
        entry.method === 0 ? Buffer.from(entry.raw) : inflateRawSync(entry.raw, { maxOutputLength: room });
    } catch (error) {
      throw tooLarge(error) ? new XlsxTooLargeError(room) : error;
    }
    if (data.length > room) throw new XlsxTooLargeError(room);
    total += data.length;
    files.set(entry.name, data);
  }
  return files;
}

/** Inflates the named entries only, on zlib's thread pool, each and all capped. Missing names are skipped. */
async function unzipSome(
  buffer: Buffer,
  names: string[],
  limits: InflateLimits,
  read: (name: string, data: Buffer) => void,
): Promise<void> {
  const directory = zipDirectory(buffer);
  let total = 0;
  for (const name of names) {
    const entry = directory.get(name);
    if (!entry) continue;
    const room = Math.min(limits.perEntry, limits.total - total);
    if (room <= 0) throw new XlsxTooLargeError(limits.total);
    let data: Buffer;
    try {
      data =
        entry.method === 0
          ? Buffer.from(entry.raw)
          : await inflateRawAsync(entry.raw, { maxOutputLength: room });
    } catch (error) {
      throw tooLarge(error) ? new XlsxTooLargeError(room) : error;
    }
    if (data.length > room) throw new XlsxTooLargeError(room);
    total += data.length;
    read(name, data);
  }
}

// ——— xlsx ———

const escapeXml = (s: string) =>
  s
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters; drop them.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const lower = e.toLowerCase();
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'quot') return '"';
    if (lower === 'apos') return "'";
    if (lower === 'amp') return '&';
    return String.fromCodePoint(
      lower.startsWith('#x') ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)),
    );
  });

function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  let n = 0;
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

function cellXml(value: Cell, ref: string, header: boolean): string {
  const style = header ? ' s="1"' : '';
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"${style}><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(value))}</t></is></c>`;
}

/** A one-sheet workbook; the first row (the header) is bold. */
export function writeXlsx(rows: Cell[][], sheetName = 'Sheet1'): Buffer {
  const sheetRows = rows
    .map((row, r) => {
      const cells = row.map((v, c) => cellXml(v, `${columnName(c)}${r + 1}`, r === 0)).join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  const widths = (rows[0] ?? [])
    .map((_, c) => {
      const longest = Math.max(...rows.map((row) => String(row[c] ?? '').length), 4);
      return `<col min="${c + 1}" max="${c + 1}" width="${Math.min(60, longest * 1.6 + 2)}" customWidth="1"/>`;
    })
    .join('');
  const xml = (body: string) =>
    Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zip([
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          `<Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        `<workbook xmlns="${main}" xmlns:r="${rel}"><sheets>` +
          `<sheet name="${escapeXml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/styles.xml',
      data: xml(
        `<styleSheet xmlns="${main}">` +
          '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
          '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
          '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
          '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
          '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
          '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
          '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
          '</styleSheet>',
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: xml(
        `<worksheet xmlns="${main}">${widths ? `<cols>${widths}</cols>` : ''}<sheetData>${sheetRows}</sheetData></worksheet>`,
      ),
    },
  ]);
}

const textOf = (xml: string) =>
  [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unescapeXml(m[1] ?? '')).join('');

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/** The first sheet's entry name, from the workbook and its relationships. */
function sheetPathOf(workbook: string, rels: string): string {
  let sheetPath = 'xl/worksheets/sheet1.xml';
  const firstId = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook)?.[1];
  if (firstId) {
    const id = firstId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const target = new RegExp(`<Relationship\\b[^>]*Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)?.[1];
    const alt = new RegExp(`<Relationship\\b[^>]*Target="([^"]+)"[^>]*Id="${id}"`).exec(rels)?.[1];
    const found = target ?? alt;
    if (found) sheetPath = found.startsWith('/') ? found.slice(1) : `xl/${found}`;
  }
  return sheetPath;
}

/** The first sheet of a trusted workbook as rows of cells (strings, numbers, booleans; null for empty cells). */
export function readXlsx(buffer: Buffer, limits: InflateLimits = XLSX_LIMITS): Cell[][] {
  const files = unzip(buffer, limits);
  const text = (name: string) => files.get(name)?.toString('utf8');
  const sheetPath = sheetPathOf(text(WORKBOOK) ?? '', text(WORKBOOK_RELS) ?? '');
  return parseSheet(text(sheetPath), text(SHARED_STRINGS) ?? '');
}

/**
 * The first sheet of an uploaded workbook: only the workbook, its relationships, the shared strings and
 * that sheet are inflated, asynchronously, within `limits` (XlsxTooLargeError beyond them).
 */
export async function readXlsxAsync(buffer: Buffer, limits: InflateLimits = XLSX_LIMITS): Promise<Cell[][]> {
  const texts = new Map<string, string>();
  const keep = (name: string, data: Buffer) => texts.set(name, data.toString('utf8'));
  await unzipSome(buffer, [WORKBOOK, WORKBOOK_RELS], limits, keep);
  const sheetPath = sheetPathOf(texts.get(WORKBOOK) ?? '', texts.get(WORKBOOK_RELS) ?? '');
  const used = [...texts.values()].reduce((n, t) => n + Buffer.byteLength(t), 0);
  await unzipSome(buffer, [SHARED_STRINGS, sheetPath], { ...limits, total: limits.total - used }, keep);
  return parseSheet(texts.get(sheetPath), texts.get(SHARED_STRINGS) ?? '');
}

function parseSheet(sheet: string | undefined, shared: string): Cell[][] {
  const strings = [...shared.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1] ?? ''));
  if (sheet === undefined) throw new Error('no worksheet');
  const rows: Cell[][] = [];
  for (const rowMatch of sheet.matchAll(/<row\b([^>]*)>([\s\S]*?)<\/row>|<row\b([^>]*)\/>/g)) {
    const attrs = rowMatch[1] ?? rowMatch[3] ?? '';
    const r = Number(/\br="(\d+)"/.exec(attrs)?.[1] ?? rows.length + 1) - 1;
    const row: Cell[] = [];
    for (const cell of (rowMatch[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const cellAttrs = cell[1] ?? '';
      const body = cell[2] ?? '';
      const ref = /\br="([A-Z]+\d+)"/.exec(cellAttrs)?.[1];
      const c = ref ? columnIndex(ref) : row.length;
      const type = /\bt="(\w+)"/.exec(cellAttrs)?.[1] ?? 'n';
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let value: Cell = null;
      if (type === 's') value = strings[Number(v)] ?? null;
      else if (type === 'inlineStr') value = textOf(body);
      else if (type === 'str') value = v === undefined ? null : unescapeXml(v);
      else if (type === 'b') value = v === '1';
      else if (v !== undefined) value = Number(v);
      row[c] = value;
    }
    rows[r] = Array.from(row, (v) => v ?? null);
  }
  return Array.from(rows, (row) => row ?? []);
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

import { describe, expect, it } from 'vitest';
import { exportFile, fallbackFileName } from '../../src/services/api/index.ts';
import { fileNameFromContentDisposition } from '../../src/services/http/index.ts';
import { setup } from './harness.ts';

describe('export file names (seed §7: from Content-Disposition, fallback ending .xls)', () => {
  it.each([
    ['attachment;filename=%E7%94%A8%E6%88%B7%E6%95%B0%E6%8D%AE.xlsx', '用户数据.xlsx'],
    ['attachment; filename="report 2026.xlsx"', 'report 2026.xlsx'],
    ["attachment; filename*=UTF-8''%E9%83%A8%E9%97%A8.xlsx", '部门.xlsx'],
    ['attachment; filename="fallback.xls"; filename*=utf-8\'\'%E9%83%A8%E9%97%A8.xlsx', '部门.xlsx'],
    ["attachment; filename*=iso-8859-1'en'%A3%20rates.xls", '£ rates.xls'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename=bad%E0%A4%A.xls', 'bad%E0%A4%A.xls'],
  ])('%s → %s', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });

  it.each([[undefined], [''], ['inline'], ['attachment; filename=""']])('%s names no file', (header) => {
    expect(fileNameFromContentDisposition(header)).toBeUndefined();
  });

  it('the fallback name ends with .xls', () => {
    expect(fallbackFileName(undefined)).toBe('export.xls');
    expect(fallbackFileName('用户')).toBe('用户.xls');
    expect(fallbackFileName('a.xlsx')).toBe('a.xlsx');
  });

  it('exportFile posts with the 300 s timeout and falls back to a localised .xls name', async () => {
    const h = setup((c) => ({
      data: new Blob(['bytes']),
      status: 200,
      statusText: 'OK',
      headers: { 'content-type': 'application/octet-stream' },
      config: c,
    }));
    const file = await exportFile(h.http, { url: '/api/system/user/export/', data: { name: 'x' } });
    expect(file.fileName).toBe('导出.xls');
    expect(h.calls[0]).toMatchObject({ method: 'post', timeout: 300_000, responseType: 'blob' });
  });
});

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from './helpers.ts';

const FILES = '/api/system/file/';
const LIMIT = 64 * 1024;

function multipart(parts: { field: string; filename?: string; type?: string; content: Buffer | string }[]): {
  payload: Buffer;
  contentType: string;
} {
  const boundary = `----xy${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (server: TestServer, token: string, parts: Parameters<typeof multipart>[0], headers = {}) => {
  const { payload, contentType } = multipart(parts);
  return server.request(FILES, { method: 'POST', token, payload, contentType, headers });
};

describeEachDatabase(
  'file upload',
  (server) => {
    let superToken = '';
    let adminToken = '';
    let testToken = '';
    beforeAll(async () => {
      superToken = (await server.login('superadmin')).access;
      adminToken = (await server.login('admin')).access;
      testToken = (await server.login('test')).access;
    });

    it('stores the file under MEDIA_DIR by md5, answers dvadmin’s shape, serves it at /media and lists it', async () => {
      const content = 'hello avatar upload\n';
      const md5 = createHash('md5').update(content).digest('hex');
      const { json } = await upload(server, testToken, [
        { field: 'file', filename: 'avatar.PNG', type: 'image/png', content },
      ]);
      expect(json).toMatchObject({ code: 2000, msg: '新增成功' });
      const url = `media/files/${md5[0]}/${md5[1]}/${md5}.png`;
      expect(json.data).toMatchObject({
        url,
        file_url: url,
        name: 'avatar.PNG',
        md5sum: md5,
        size: Buffer.byteLength(content),
        mime_type: 'image/png',
        engine: 'local',
        creator_name: '测试人员',
      });
      expect(typeof json.data.id).toBe('number');
      const onDisk = join(server.config.mediaDir, url.replace(/^media\//, ''));
      expect(readFileSync(onDisk, 'utf8')).toBe(content);
      const served = await server.app.inject({ url: `/${url}` });
      expect(served.statusCode).toBe(200);
      expect(served.body).toBe(content);

      const all = await server.get(FILES, { token: superToken, query: { name: 'avatar' } });
      expect(all.json.data.data[0]).toMatchObject({ id: json.data.id, md5sum: md5, name: 'avatar.PNG' });
      // listing is the file admin's: a user without its buttons is refused, an admin sees their own uploads
      expect((await server.get(FILES, { token: testToken })).json).toMatchObject({ code: 4000 });
      const own = await upload(server, adminToken, [
        { field: 'file', filename: 'notes.txt', content: 'admin notes' },
      ]);
      const mine = await server.get(FILES, { token: adminToken });
      expect(mine.json.data.data.map((f: { id: number }) => f.id)).toEqual([own.json.data.id]);
    });

    it('stores active content (html, svg) as an inert .bin download so it never runs from our origin', async () => {
      const { json } = await upload(server, testToken, [
        { field: 'file', filename: 'x.html', type: 'text/html', content: '<script>alert(1)</script>' },
      ]);
      expect(json.code).toBe(2000);
      expect(json.data.url).toMatch(/\.bin$/);
      expect(json.data.name).toBe('x.html');
    });

    it('refuses an oversize file with a clear 4000 and stores nothing', async () => {
      const big = Buffer.alloc(LIMIT + 1, 97);
      const md5 = createHash('md5').update(big).digest('hex');
      const { json } = await upload(server, testToken, [
        { field: 'file', filename: 'big.bin', content: big },
      ]);
      expect(json).toEqual({ code: 4000, data: null, msg: '文件过大，上限为 64 KB。' });
      expect(existsSync(join(server.config.mediaDir, 'files', md5[0]!, md5[1]!, `${md5}.bin`))).toBe(false);
      const en = await upload(server, testToken, [{ field: 'file', filename: 'big.bin', content: big }], {
        'accept-language': 'en',
      });
      expect(en.json.msg).toBe('File too large; the limit is 64 KB.');
    });

    it('refuses a request without the `file` field, a non-multipart body and an unsigned or anonymous upload', async () => {
      expect(
        (await upload(server, testToken, [{ field: 'other', filename: 'a.txt', content: 'a' }])).json,
      ).toMatchObject({
        code: 4000,
        msg: '请选择要上传的文件（字段 file）。',
      });
      expect((await server.post(FILES, { file: 'x' }, { token: testToken })).json).toMatchObject({
        code: 4000,
      });
      const { payload, contentType } = multipart([{ field: 'file', filename: 'a.txt', content: 'a' }]);
      const unsigned = await server.request(FILES, {
        method: 'POST',
        token: testToken,
        payload,
        contentType,
        sign: false,
      });
      expect(unsigned.json.msg).toBe('签名无效');
      const anonymous = await server.request(FILES, { method: 'POST', payload, contentType });
      expect(anonymous.json.code).toBe(4000);
    });
  },
  { uploadLimit: LIMIT },
);

// The kit's hand-written .xlsx writer and reader: a round trip of every cell kind, and a workbook written by
// another library (openpyxl 3, shared strings) read back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readXlsx,
  readXlsxAsync,
  unzip,
  writeXlsx,
  XLSX_LIMITS,
  XlsxTooLargeError,
  zip,
} from '../../server/modules/crud/xlsx.ts';
import { TestServer } from './helpers.ts';

/** Written by openpyxl: ['登录账号','用户名称','用户性别','部门'], ['py_user','Py & <用户>','女','技术部'], [None, 12, True, None]. */
const OPENPYXL_WORKBOOK =
  'UEsDBBQAAAAIAGg0dV1Gx01IlQAAAM0AAAAQAAAAZG9jUHJvcHMvYXBwLnhtbE3PTQvCMAwG4L9SdreZih6kDkQ9ip68zy51hbYpbYT67+0EP255ecgboi6JIia2mEXxLuRtMzLHDUDWI/o+y8qhiqHke64x3YGMsRoPpB8eA8OibdeAhTEMOMzit7Dp1C5GZ3XPlkJ3sjpRJsPiWDQ6sScfq9wcChDneiU+ixNLOZcrBf+LU8sVU57mym/8ZAW/B7oXUEsDBBQAAAAIAGg0dV1kKG6F6gAAAMsBAAARAAAAZG9jUHJvcHMvY29yZS54bWylkcFqwzAMhl+l+J4oTlgGJvWlZacNBits7GZstTWNE2NrJH37OVmbbmy3Ha3/0ycJN9oL3Qd8Dr3HQBbjanRtF4X2a3Yk8gIg6iM6FfNEdCnc98EpSs9wAK/0SR0QyqKowSEpo0jBJMz8YmQXpdGL0n+EdhYYDdiiw44i8JzDjSUMLv7ZMCcLOUa7UMMw5EM1c2kjDm9Pjy/z8pntIqlOI5ON0UIHVNQHOV3kz2PbwLdic5n9VUCzShMEnT2u2TV5rTbb3QOTZVHWGedZyXdFLao7we/fJ9eP/pvQ9cbu7T+MV4Fs4Ne/yU9QSwMEFAAAAAgAaDR1XZlcnCMQBgAAnCcAABMAAAB4bC90aGVtZS90aGVtZTEueG1s7Vpbc9o4FH7vr9B4Z/ZtC8Y2gba0E3Npdtu0mYTtTh+FEViNbHlkkYR/v0c2EMuWDe2STbqbPAQs6fvORUfn6Dh58+4uYuiGiJTyeGDZL9vWu7cv3uBXMiQRQTAZp6/wwAqlTF61WmkAwzh9yRMSw9yCiwhLeBTL1lzgWxovI9bqtNvdVoRpbKEYR2RgfV4saEDQVFFab18gtOUfM/gVy1SNZaMBE1dBJrmItPL5bMX82t4+Zc/pOh0ygW4wG1ggf85vp+ROWojhVMLEwGpnP1Zrx9HSSICCyX2UBbpJ9qPTFQgyDTs6nVjOdnz2xO2fjMradDRtGuDj8Xg4tsvSi3AcBOBRu57CnfRsv6RBCbSjadBk2PbarpGmqo1TT9P3fd/rm2icCo1bT9Nrd93TjonGrdB4Db7xT4fDronGq9B062kmJ/2ua6TpFmhCRuPrehIVteVA0yAAWHB21szSA5ZeKfp1lBrZHbvdQVzwWO45iRH+xsUE1mnSGZY0RnKdkAUOADfE0UxQfK9BtorgwpLSXJDWzym1UBoImsiB9UeCIcXcr/31l7vJpDN6nX06zmuUf2mrAaftu5vPk/xz6OSfp5PXTULOcLwsCfH7I1thhyduOxNyOhxnQnzP9vaRpSUyz+/5CutOPGcfVpawXc/P5J6MciO73fZYffZPR24j16nAsyLXlEYkRZ/ILbrkETi1SQ0yEz8InYaYalAcAqQJMZahhvi0xqwR4BN9t74IyN+NiPerb5o9V6FYSdqE+BBGGuKcc+Zz0Wz7B6VG0fZVvNyjl1gVAZcY3zSqNSzF1niVwPGtnDwdExLNlAsGQYaXJCYSqTl+TUgT/iul2v6c00DwlC8k+kqRj2mzI6d0Js3oMxrBRq8bdYdo0jx6/gX5nDUKHJEbHQJnG7NGIYRpu/AerySOmq3CEStCPmIZNhpytRaBtnGphGBaEsbReE7StBH8Waw1kz5gyOzNkXXO1pEOEZJeN0I+Ys6LkBG/HoY4SprtonFYBP2eXsNJweiCy2b9uH6G1TNsLI73R9QXSuQPJqc/6TI0B6OaWQm9hFZqn6qHND6oHjIKBfG5Hj7lengKN5bGvFCugnsB/9HaN8Kr+ILAOX8ufc+l77n0PaHStzcjfWfB04tb3kZuW8T7rjHa1zQuKGNXcs3Ix1SvkynYOZ/A7P1oPp7x7frZJISvmlktIxaQS4GzQSS4/IvK8CrECehkWyUJy1TTZTeKEp5CG27pU/VKldflr7kouDxb5OmvoXQ+LM/5PF/ntM0LM0O3ckvqtpS+tSY4SvSxzHBOHssMO2c8kh22d6AdNfv2XXbkI6UwU5dDuBpCvgNtup3cOjiemJG5CtNSkG/D+enFeBriOdkEuX2YV23n2NHR++fBUbCj7zyWHceI8qIh7qGGmM/DQ4d5e1+YZ5XGUDQUbWysJCxGt2C41/EsFOBkYC2gB4OvUQLyUlVgMVvGAyuQonxMjEXocOeXXF/j0ZLj26ZltW6vKXcZbSJSOcJpmBNnq8reZbHBVR3PVVvysL5qPbQVTs/+Wa3InwwRThYLEkhjlBemSqLzGVO+5ytJxFU4v0UzthKXGLzj5sdxTlO4Ena2DwIyubs5qXplMWem8t8tDAksW4hZEuJNXe3V55ucrnoidvqXd8Fg8v1wyUcP5TvnX/RdQ65+9t3j+m6TO0hMnHnFEQF0RQIjlRwGFhcy5FDukpAGEwHNlMlE8AKCZKYcgJj6C73yDLkpFc6tPjl/RSyDhk5e0iUSFIqwDAUhF3Lj7++TaneM1/osgW2EVDJk1RfKQ4nBPTNyQ9hUJfOu2iYLhdviVM27Gr4mYEvDem6dLSf/217UPbQXPUbzo5ngHrOHc5t6uMJFrP9Y1h75Mt85cNs63gNe5hMsQ6R+wX2KioARq2K+uq9P+SWcO7R78YEgm/zW26T23eAMfNSrWqVkKxE/Swd8H5IGY4xb9DRfjxRiraaxrcbaMQx5gFjzDKFmON+HRZoaM9WLrDmNCm9B1UDlP9vUDWj2DTQckQVeMZm2NqPkTgo83P7vDbDCxI7h7Yu/AVBLAwQUAAAACABoNHVd3zeSyN4BAADyAwAAGAAAAHhsL3dvcmtzaGVldHMvc2hlZXQxLnhtbH1TTYvTQBj+KyGHHnf6gR9sk4BtET0IZRf1KNPmTTLsTCbOvG3sbcHLIoh7UETwqlvwoKCwB/HnpOv+C2eSNlsh2VPer+eZ5wnv6+VSnegEAJ1XgqfadxPE7JAQPU9AUH0gM0hNJ5JKUDSpionOFNCwBAlO+t3uXSIoS93AK2tTFXhygZylMFWOXghB1WoEXOa+23N3hSMWJ1gWSOBlNIZjwKeZAZiU1DwhE5BqJlNHQeS7D3qHk0GJKCeeMcj1XuxYMzMpT2zyOPTdrtUEHOZoKaj5LGEMnFsmo+TlltS9edQi9+Md/cPSv5E3oxrGkj9nISa+e991QojoguORzB/B1tOdG4kTijTwlMwdZc0G3twG9kkzyFL7k45RmTozL2Fw9el38efD319fi3eXHkGjxNbJfIsbteLerzdnl8X526uLHw248e24zelFcfatATdpw12/Xl9/XP+PIMZlbbVfW+23UGSrFwsNqsllG2S6cjpUZEOnw3FYSe/EOGwy3EZRfPnZ5LNtfPPmdPP5u3F7i9XBzupoULLYQ1gGvb5HlvuKquasata9ions7Yq9hSdUxSzVDofIYLoH98xGqWq5qgRlVt7OTCJKUYaJuUlQdsD0IymxTuxy12ce/ANQSwMEFAAAAAgAaDR1XdIF8UZSAgAARwoAAA0AAAB4bC9zdHlsZXMueG1s3VbbitswEP0V4w+ok5iauCR5qCFQaMvC7kNf5VhOBLq4srwk/fpqJOe2m+NS+lab4Jk5OjNnpDHOqncnyZ8PnLvkqKTu1+nBue5TlvW7A1es/2A6rj3SGquY867dZ31nOWt6IimZLWazIlNM6HSz0oPaKtcnOzNot05naZJtVq3R19A8jQG/limevDK5TismRW1FXMyUkKcYX4TIzkhjE+fVcKJTqP8VF8xHl6SOuZTQxoZoFsuER+8TCykvKhZpDGxWHXOOW731TiSF6HtstF9OnVext+w0X3xMbxjh4cvUxjbc3rUbQ5uV5K0jhhX7QzCc6ehRG+eMIqsRbG80i0rOtNHwuXdcymc6rx/tXYFjm8SN/9KEPaeOz6ZXNZoxzehQgdt0Mfm/5+3Eq3GfB9+QDv7PwTj+ZHkrjsE/tm8EXGoHJXflL9GERmWdfqcRlDc56kFIJ/ToHUTTcP2+O5/fsdoP+V0Bv6rhLRuke7mA6/Rqf+ONGFR5WfVEjY2rrvZXOsp5cZ1TX0zohh95U42u3dfBTLzhy45XYLyFtuECEGRFEEAEwlpQBmRFHqz1P/a1xH1FECpcPoaWmLXErMh7CFXhhrUAq/QXaLks87wo4PZW1WMZFdzDoqAfSAgVEgfWomp/u/MTAzAxNn+YDXjKk2MDW54YUdjyxM4TBPaQOGUJBgDWIg48FDhRJALUolEDrDync4YK4Ws+AZUlhGhIwfQWBdqogm5wXvAlyvOyBBCBQEaeQ4he2AkIyiAhEMrz+CF98z3Lzt+57PrXcfMbUEsDBBQAAAAIAGg0dV23R+uKwAAAABYCAAALAAAAX3JlbHMvLnJlbHOdkktuAjEMQK8SZV9MqcQCMazYsEOIC7iJ56OZxJFjxPT2jdjAIGgRS/+eni2vDzSgdhxz26VsxjDEXNlWNa0AsmspYJ5xolgqNUtALaE0kND12BAs5vMlyC3Dbta3THP8SfQKkeu6c7RldwoU9QH4rsOaI0pDWtlxgDNL/83czwrUmp2vrOz8pzXwpszz9SCQokdFcCz0kaRMi3aUrz6e3b6k86VjYrR43+j/89CoFD35v50wpYnS10UJJm+w+QVQSwMEFAAAAAgAaDR1XXXGwtgyAQAAKAIAAA8AAAB4bC93b3JrYm9vay54bWyNkNFOwzAMRX+lygfQboJJTOtemIBJCBBDe09bd7WWxJXjrrCvJ2kpTOKFJ8fX1sm9XvXEx4LomHxY4/ySc9WItMs09WUDVvsrasGFWU1stYSWDynVNZawobKz4CSdZ9kiZTBakJxvsPVqpP2H5VsGXfkGQKwZUVajU+vV5OyVk/SyI4Ey/hTVqOwRev+7ENvkhB4LNCifuRreBlRi0aHFM1S5ylTiG+ofifFMTrTZlUzG5Go2DvbAguUfeRdtvuvCD4ro4i1mztUiC8Aa2cuwMfB1MHmCsDx2ndA9GgHeaIEHpq5FdxgwIUZ6kWM4xVQTpy3kqvPAPloI0rYa7UjgXITjJYYBb6tv4oSpoEYH1XPg+DgIocpw0VgG0vz6ZnYbzHfG3AXtxT2Rrn58TUddfwFQSwMEFAAAAAgAaDR1XTPr47qtAAAA+wEAABoAAAB4bC9fcmVscy93b3JrYm9vay54bWwucmVsc7WRPQ6DMAyFrxLlABio1KECpi6sFReIgvkRgUSxq8LtG8EASB26MFnPlr/3ZGcvNIp7O1HXOxLzaCbKZcfsHgCkOxwVRdbhFCaN9aPiIH0LTulBtQhpHN/BHxmyyI5MUS0O/yHapuk1Pq1+jzjxDzB8rB+oQ2QpKuVb5FzCbPY2wVqSKJClKOtc+rJOpIDLEhEvBmmPs+mTf3qlP4dd3O1XuTXPR7itIeD06+ILUEsDBBQAAAAIAGg0dV2bhkKEGwEAANcDAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbK2Tz07DMAzGX6XqdWozOHBA6y6MK+zAC4TEXaPmn2JvdG+P27JKoLENlUujxvb3c/wlq7djBMw6Zz1WeUMUH4VA1YCTWIYIniN1SE4S/6adiFK1cgfifrl8ECp4Ak8F9Rr5erWBWu4tZc8db6MJvsoTWMyzpzGxZ1W5jNEaJYnj4uD1D0rxRSi5csjBxkRccEKeibOIIfQr4VT4eoCUjIZsKxO9SMdporMC6WgBy8saZ7oMdW0U6KD2jktKjAmkxgaAnC1H0cUVNPGQYfzezW5gkLlI5NRtChHZtQR/551s6auLyEKQyFw55IRk7dknhN5xDfpWOE/4I6R28ATFsMwf83efJ/1bGnkPof3ve9avpZPGTw2I4T2vPwFQSwECFAMUAAAACABoNHVdRsdNSJUAAADNAAAAEAAAAAAAAAAAAAAAgAEAAAAAZG9jUHJvcHMvYXBwLnhtbFBLAQIUAxQAAAAIAGg0dV1kKG6F6gAAAMsBAAARAAAAAAAAAAAAAACAAcMAAABkb2NQcm9wcy9jb3JlLnhtbFBLAQIUAxQAAAAIAGg0dV2ZXJwjEAYAAJwnAAATAAAAAAAAAAAAAACAAdwBAAB4bC90aGVtZS90aGVtZTEueG1sUEsBAhQDFAAAAAgAaDR1Xd83ksjeAQAA8gMAABgAAAAAAAAAAAAAAICBHQgAAHhsL3dvcmtzaGVldHMvc2hlZXQxLnhtbFBLAQIUAxQAAAAIAGg0dV3SBfFGUgIAAEcKAAANAAAAAAAAAAAAAACAATEKAAB4bC9zdHlsZXMueG1sUEsBAhQDFAAAAAgAaDR1XbdH64rAAAAAFgIAAAsAAAAAAAAAAAAAAIABrgwAAF9yZWxzLy5yZWxzUEsBAhQDFAAAAAgAaDR1XXXGwtgyAQAAKAIAAA8AAAAAAAAAAAAAAIABlw0AAHhsL3dvcmtib29rLnhtbFBLAQIUAxQAAAAIAGg0dV0z6+O6rQAAAPsBAAAaAAAAAAAAAAAAAACAAfYOAAB4bC9fcmVscy93b3JrYm9vay54bWwucmVsc1BLAQIUAxQAAAAIAGg0dV2bhkKEGwEAANcDAAATAAAAAAAAAAAAAACAAdsPAABbQ29udGVudF9UeXBlc10ueG1sUEsFBgAAAAAJAAkAPgIAACcRAAAAAA==';

describe('xlsx', () => {
  it('a written workbook is a zip with the parts a spreadsheet needs, and reads back cell for cell', () => {
    const wide = Array.from({ length: 30 }, (_, i) => `c${i}`);
    const rows = [
      ['名称', 'number', 'bool', 'empty', 'text'],
      ['a & <b> "c"', 12.5, true, null, '  spaced  '],
      ['x', -3, false, '', '第二行'],
      wide,
    ];
    const data = writeXlsx(rows, '用户');
    expect(data.subarray(0, 2).toString()).toBe('PK');
    expect([...unzip(data).keys()]).toEqual(
      expect.arrayContaining([
        '[Content_Types].xml',
        'xl/workbook.xml',
        'xl/worksheets/sheet1.xml',
        'xl/styles.xml',
      ]),
    );
    const back = readXlsx(data);
    expect(back[0]).toEqual(['名称', 'number', 'bool', 'empty', 'text']);
    expect(back[1]).toEqual(['a & <b> "c"', 12.5, true, null, '  spaced  ']);
    expect(back[2]).toEqual(['x', -3, false, null, '第二行']);
    expect(back[3]).toEqual(wide);
  });

  it('reads a workbook written by another library (shared strings)', () => {
    expect(readXlsx(Buffer.from(OPENPYXL_WORKBOOK, 'base64'))).toEqual([
      ['登录账号', '用户名称', '用户性别', '部门'],
      ['py_user', 'Py & <用户>', '女', '技术部'],
      [null, 12, true],
    ]);
  });

  it('refuses what is not a zip', () => {
    expect(() => readXlsx(Buffer.from('not a workbook at all, just text'))).toThrow();
  });
});

/** A workbook whose sheet inflates to `size` bytes of blanks from a few hundred KB (a zip bomb). */
function bomb(size: number): Buffer {
  const parts = unzip(writeXlsx([['a']]));
  return zip(
    [...parts].map(([name, data]) => ({
      name,
      data: name === 'xl/worksheets/sheet1.xml' ? Buffer.alloc(size, 0x20) : data,
    })),
  );
}

describe('an uploaded xlsx is inflated within caps, off the event loop (zip bombs are refused)', () => {
  const BOMB = bomb(XLSX_LIMITS.perEntry * 2);

  it('a workbook inflating past the per-entry cap is refused without blocking the event loop or memory', async () => {
    expect(BOMB.length).toBeLessThan(1024 * 1024); // ~128 MB of sheet from well under 1 MB
    const limits = { perEntry: 8 * 1024 * 1024, total: 16 * 1024 * 1024 };
    const baseline = process.memoryUsage().arrayBuffers;
    let peak = baseline;
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    }, 5);
    try {
      await expect(readXlsxAsync(BOMB, limits)).rejects.toBeInstanceOf(XlsxTooLargeError);
    } finally {
      clearInterval(ticker);
    }
    // The inflation ran on zlib's thread pool: timers kept firing (a synchronous inflate of the whole
    // entry would hold the loop for the full run) and at most the cap was ever held in memory.
    expect(longestGap).toBeLessThan(250);
    expect(peak - baseline).toBeLessThan(64 * 1024 * 1024);
  });

  it('the caps hold for the sync reader too, and the total cap counts every entry inflated', async () => {
    expect(() => readXlsx(BOMB, { perEntry: 1024 * 1024, total: 2 * 1024 * 1024 })).toThrow(
      XlsxTooLargeError,
    );
    const ok = writeXlsx([['name'], ['x'.repeat(5000)]]);
    await expect(readXlsxAsync(ok, { perEntry: 64 * 1024, total: 4 * 1024 })).rejects.toBeInstanceOf(
      XlsxTooLargeError,
    );
    expect(await readXlsxAsync(ok)).toEqual([['name'], ['x'.repeat(5000)]]);
  });

  describe('the user import answers a zip bomb with a clear envelope', () => {
    const server = new TestServer();
    beforeAll(() => server.start('pglite'), 120_000);
    afterAll(() => server.stop());

    it('POST user/import/ with a bomb answers 4000 naming the cap', async () => {
      const { access } = await server.login('superadmin');
      const reply = await server.post(
        '/api/system/user/import/',
        { file: BOMB.toString('base64') },
        { token: access },
      );
      expect(reply.json).toEqual({
        code: 4000,
        data: null,
        msg: '导入文件解压后超过 64 MB，已拒绝；请拆分后分批导入',
      });
    }, 60_000);
  });
});

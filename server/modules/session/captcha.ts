// Maths captcha as dvadmin issues it (`7*3=`), drawn as an SVG without native modules. Glyphs are strokes
// on a small grid rather than <text>, so the challenge is not sitting in the markup as plain characters and
// renders the same in every browser regardless of installed fonts. Stored in the database: single use
// (deleted on first check, right or wrong), valid CAPTCHA_TTL_SECONDS.
import { randomInt } from 'node:crypto';
import type { Db } from '../../db/index.ts';

export const CAPTCHA_TTL_SECONDS = 300;
const WIDTH = 160;
const HEIGHT = 60;

type Stroke = [number, number][];
// 4 × 6 grid per glyph.
const GLYPHS: Record<string, Stroke[]> = {
  '0': [
    [
      [0, 0],
      [4, 0],
      [4, 6],
      [0, 6],
      [0, 0],
    ],
    [
      [4, 0],
      [0, 6],
    ],
  ],
  '1': [
    [
      [1, 1],
      [2, 0],
      [2, 6],
    ],
    [
      [1, 6],
      [3, 6],
    ],
  ],
  '2': [
    [
      [0, 0],
      [4, 0],
      [4, 3],
      [0, 3],
      [0, 6],
      [4, 6],
    ],
  ],
  '3': [
    [
      [0, 0],
      [4, 0],
      [4, 6],
      [0, 6],
    ],
    [
      [1, 3],
      [4, 3],
    ],
  ],
  '4': [
    [
      [0, 0],
      [0, 3],
      [4, 3],
    ],
    [
      [3, 0],
      [3, 6],
    ],
  ],
  '5': [
    [
      [4, 0],
      [0, 0],
      [0, 3],
      [4, 3],
      [4, 6],
      [0, 6],
    ],
  ],
  '6': [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
      [4, 3],
      [0, 3],
    ],
  ],
  '7': [
    [
      [0, 0],
      [4, 0],
      [1, 6],
    ],
  ],
  '8': [
    [
      [0, 0],
      [4, 0],
      [4, 6],
      [0, 6],
      [0, 0],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  '9': [
    [
      [4, 3],
      [0, 3],
      [0, 0],
      [4, 0],
      [4, 6],
      [0, 6],
    ],
  ],
  '+': [
    [
      [2, 1.5],
      [2, 4.5],
    ],
    [
      [0.5, 3],
      [3.5, 3],
    ],
  ],
  '-': [
    [
      [0.5, 3],
      [3.5, 3],
    ],
  ],
  '*': [
    [
      [2, 1],
      [2, 5],
    ],
    [
      [0.5, 2],
      [3.5, 4],
    ],
    [
      [0.5, 4],
      [3.5, 2],
    ],
  ],
  '=': [
    [
      [0.5, 2],
      [3.5, 2],
    ],
    [
      [0.5, 4],
      [3.5, 4],
    ],
  ],
};

/** A challenge like `7*3=` and its answer; subtraction never goes negative (django-simple-captcha's rule). */
export function mathChallenge(): { challenge: string; answer: string } {
  let a = randomInt(1, 10);
  let b = randomInt(1, 10);
  const op = ['+', '-', '*'][randomInt(0, 3)]!;
  if (op === '-' && a < b) [a, b] = [b, a];
  const answer = op === '+' ? a + b : op === '-' ? a - b : a * b;
  return { challenge: `${a}${op}${b}=`, answer: String(answer) };
}

const rnd = (min: number, max: number) => min + (randomInt(0, 10_000) / 10_000) * (max - min);
const colour = (lo: number, hi: number) => `rgb(${[0, 1, 2].map(() => Math.round(rnd(lo, hi))).join(',')})`;
const f = (n: number) => n.toFixed(1);

export function renderCaptchaSvg(text: string): string {
  const parts: string[] = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="${colour(225, 250)}"/>`];
  for (let i = 0; i < 5; i++) {
    const pts = [0, 1, 2, 3].map(() => `${f(rnd(0, WIDTH))} ${f(rnd(0, HEIGHT))}`);
    parts.push(
      `<path d="M${pts[0]} C${pts[1]} ${pts[2]} ${pts[3]}" stroke="${colour(120, 200)}" stroke-width="${f(rnd(1, 2))}" fill="none"/>`,
    );
  }
  const step = (WIDTH - 20) / Math.max(text.length, 1);
  [...text].forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) return;
    const scale = rnd(5, 6.2);
    const x = 10 + i * step + rnd(0, step - 4 * scale);
    const y = (HEIGHT - 6 * scale) / 2 + rnd(-5, 5);
    const angle = rnd(-18, 18);
    const d = glyph
      .map((s) => s.map(([gx, gy], k) => `${k ? 'L' : 'M'}${f(gx * scale)} ${f(gy * scale)}`).join(' '))
      .join(' ');
    parts.push(
      `<path transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)} ${f(2 * scale)} ${f(3 * scale)})" d="${d}" stroke="${colour(20, 110)}" stroke-width="${f(rnd(2.4, 3.4))}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
  });
  for (let i = 0; i < 40; i++) {
    parts.push(
      `<circle cx="${f(rnd(0, WIDTH))}" cy="${f(rnd(0, HEIGHT))}" r="${f(rnd(0.5, 1.6))}" fill="${colour(60, 200)}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
}

export const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

export async function createCaptcha(db: Db, now = new Date()): Promise<{ key: number; image_base: string }> {
  const { challenge, answer } = mathChallenge();
  // Keep the table small: drop captchas nobody used, an hour after they expired.
  await db
    .deleteFrom('captcha')
    .where('expires_at', '<', new Date(now.getTime() - 3600_000))
    .execute();
  const { id } = await db
    .insertInto('captcha')
    .values({ challenge, answer, expires_at: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { key: id, image_base: svgDataUrl(renderCaptchaSvg(challenge)) };
}

export type CaptchaCheck = 'ok' | 'wrong' | 'expired';

/** Checks and consumes a captcha: whatever the outcome, the key cannot be used again. */
export async function consumeCaptcha(
  db: Db,
  key: unknown,
  answer: string,
  now = new Date(),
): Promise<CaptchaCheck> {
  const id =
    typeof key === 'number' ? key : typeof key === 'string' && /^\d{1,9}$/.test(key) ? Number(key) : null;
  if (id === null) return 'wrong';
  const row = await db
    .deleteFrom('captcha')
    .where('id', '=', id)
    .returning(['answer', 'expires_at'])
    .executeTakeFirst();
  if (!row) return 'wrong';
  if (row.expires_at.getTime() < now.getTime()) return 'expired';
  return row.answer === answer.trim() ? 'ok' : 'wrong';
}

/** For the test hook only: the answer of a live captcha. */
export async function peekCaptchaAnswer(db: Db, key: number): Promise<string | undefined> {
  const row = await db.selectFrom('captcha').select('answer').where('id', '=', key).executeTakeFirst();
  return row?.answer;
}

/**
 * The three field icons of the sign-in form, kept apart from the menu glyph table so the sign-in bundle
 * carries only these (same drawings as icons/glyphs.ts `user`, `lock`, `shield`).
 */
export const userGlyph = ['M8 8a4 4 0 1 0 8 0a4 4 0 1 0 -8 0', 'M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7'];
export const lockGlyph = [
  'M7 11h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-6a2 2 0 0 1 2-2z',
  'M8 11V7a4 4 0 0 1 8 0v4',
];
export const shieldGlyph = ['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z'];
export const eyeGlyph = [
  'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z',
  'M9 12a3 3 0 1 0 6 0a3 3 0 1 0 -6 0',
];
export const eyeOffGlyph = [
  'M3 3l18 18',
  'M10.6 5.1A10.9 10.9 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3.1 4.2',
  'M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6',
  'M9.9 9.9a3 3 0 0 0 4.2 4.2',
];

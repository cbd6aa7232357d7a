import { DEFAULT_COLOR } from '../../../machines/preferences/palette.ts';

/** The colour picker's predefined colours (seed §9: 7), the default #409EFF first. */
export const COLOR_PRESETS: readonly string[] = [
  DEFAULT_COLOR,
  '#1677FF',
  '#13C2C2',
  '#52C41A',
  '#FAAD14',
  '#F5222D',
  '#722ED1',
];

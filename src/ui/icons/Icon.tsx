import { type GlyphName, glyphFor, glyphs } from './glyphs.ts';
import { Svg, type SvgProps } from './Svg.tsx';

type IconProps = Omit<SvgProps, 'name'> & {
  /** A glyph of the set. */
  name?: GlyphName;
  /** Font Awesome 4.7 name as stored on menus (`cog`, `bank`…); unknown names draw a dot. */
  fa?: string | null;
};

/** An inline line icon: a named glyph, or the glyph for a menu's Font Awesome name. */
export function Icon({ name, fa, ...rest }: IconProps) {
  const glyph = name ?? glyphFor(fa);
  return <Svg paths={glyphs[glyph]} name={glyph} {...rest} />;
}

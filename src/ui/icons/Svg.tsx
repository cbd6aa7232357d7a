import type { CSSProperties } from 'react';

export type SvgProps = {
  size?: number;
  style?: CSSProperties;
  className?: string;
  /** Marks which glyph is drawn (tests, styling). */
  name?: string;
};

/** A 24×24 line icon in `currentColor` from path data; decorative (hidden from assistive technology). */
export function Svg({ paths, size = 18, style, className, name }: SvgProps & { paths: readonly string[] }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
      style={style}
      className={className}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** A light, abstract console window for the brand panel (decorative, drawn inline: no image request). */
export function BrandArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 520 360" fill="none" aria-hidden="true" focusable="false">
      <rect
        x="0.5"
        y="0.5"
        width="519"
        height="359"
        rx="18"
        fill="#fff"
        fillOpacity=".14"
        stroke="#fff"
        strokeOpacity=".35"
      />
      <rect x="0.5" y="0.5" width="519" height="44" rx="18" fill="#fff" fillOpacity=".12" />
      <circle cx="26" cy="22" r="5" fill="#fff" fillOpacity=".7" />
      <circle cx="44" cy="22" r="5" fill="#fff" fillOpacity=".5" />
      <circle cx="62" cy="22" r="5" fill="#fff" fillOpacity=".35" />
      <rect x="20" y="64" width="110" height="276" rx="12" fill="#fff" fillOpacity=".12" />
      {[84, 112, 140, 168, 196].map((y, i) => (
        <rect
          key={y}
          x="34"
          y={y}
          width={i === 1 ? 82 : 64}
          height="12"
          rx="6"
          fill="#fff"
          fillOpacity={i === 1 ? 0.75 : 0.35}
        />
      ))}
      <rect x="146" y="64" width="112" height="72" rx="12" fill="#fff" fillOpacity=".9" />
      <rect x="272" y="64" width="112" height="72" rx="12" fill="#fff" fillOpacity=".9" />
      <rect x="398" y="64" width="102" height="72" rx="12" fill="#fff" fillOpacity=".9" />
      <rect x="160" y="80" width="44" height="8" rx="4" fill="#a0cfff" />
      <rect x="160" y="100" width="64" height="16" rx="6" fill="#409eff" />
      <rect x="286" y="80" width="44" height="8" rx="4" fill="#a0cfff" />
      <rect x="286" y="100" width="52" height="16" rx="6" fill="#20c997" />
      <rect x="412" y="80" width="44" height="8" rx="4" fill="#a0cfff" />
      <rect x="412" y="100" width="40" height="16" rx="6" fill="#be4bdb" />
      <rect x="146" y="152" width="354" height="188" rx="12" fill="#fff" fillOpacity=".9" />
      <path
        d="M170 300 L222 262 L268 280 L318 222 L364 246 L414 196 L476 214"
        stroke="#409eff"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M170 300 L222 262 L268 280 L318 222 L364 246 L414 196 L476 214 L476 320 L170 320 Z"
        fill="#409eff"
        fillOpacity=".12"
      />
      <rect x="170" y="170" width="90" height="10" rx="5" fill="#d9ecff" />
    </svg>
  );
}

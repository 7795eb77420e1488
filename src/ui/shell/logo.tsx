/** Matchwerk's mark: two interlocking rounded squares — a person and a job that fit. Same drawing as public/favicon.svg. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      className="logo-mark"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <rect x="1" y="1" width="30" height="30" rx="8" className="logo-bg" />
      <path d="M8 23V10l8 8 8-8v13" className="logo-m" />
      <circle cx="16" cy="24.5" r="2" className="logo-dot" />
    </svg>
  );
}

/** The product's mark: a mixer drum on a truck, drawn inline so it costs no request. */
export type BrandMarkProps = { readonly size?: number; readonly title?: string };

export function BrandMark({ size = 32, title }: BrandMarkProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <rect width="48" height="48" rx="10" fill="currentColor" opacity="0.14" />
      <path
        d="M9 30V20.5c0-.8.7-1.5 1.5-1.5H17l3 5v6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.6"
        strokeLinejoin="round"
      />
      <ellipse
        cx="30"
        cy="22"
        rx="9.5"
        ry="6.5"
        transform="rotate(-18 30 22)"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.6"
      />
      <path d="M24.5 19.5l8 6M28 16.5l7 5" stroke="currentColor" strokeWidth="2" opacity="0.7" />
      <path d="M7 30h34" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
      <circle cx="14" cy="34" r="3.2" fill="currentColor" />
      <circle cx="33" cy="34" r="3.2" fill="currentColor" />
    </svg>
  );
}

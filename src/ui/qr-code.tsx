// A QR code (the card's tap URL, a CardDAV account for a phone): drawn as one SVG path, so nothing
// touches the Content-Security-Policy (no inline styles, no innerHTML).
import { create } from 'qrcode';
import { useMemo } from 'react';

/** The quiet zone around the code, in modules; scanners need some white space to find it. */
const QUIET_ZONE = 2;

/** One square per dark module, joined into a single path. */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const squares: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) squares.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size: modules.size + QUIET_ZONE * 2, path: squares.join('') };
}

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#111827" />
    </svg>
  );
}

import type { SVGProps } from 'react';

/**
 * Names of the line icons in `src/components/icons.svg` (one `<symbol>` each, 24×24, drawn with
 * `currentColor` so they follow the theme). The build puts that sprite into index.html
 * (build/inline-icons.ts, ids prefixed `i-`): the drawings are not in the script, and no icon waits
 * for a request of its own. tests/unit/ui/icons.test.ts checks that names and symbols match.
 */
export const ICON_NAMES = [
  'home',
  'market',
  'orders',
  'support',
  'user',
  'back',
  'chevron',
  'eye',
  'eyeOff',
  'globe',
  'moon',
  'lock',
  'key',
  'info',
  'mail',
  'shield',
  'copy',
  'card',
  'wallet',
  'gift',
  'download',
  'upload',
  'swap',
  'chart',
  'layers',
  'clock',
  'people',
  'coins',
  'news',
  'live',
  'rocket',
  'gauge',
  'bank',
  'logout',
  'check',
  'refresh',
  'wifiOff',
  'hourglass',
] as const;

/** Names of the available icons. */
export type IconName = (typeof ICON_NAMES)[number];

/** A line icon from the sprite; decorative unless given a `title`. */
export function Icon({
  name,
  size = 22,
  title,
  ...rest
}: { name: IconName; size?: number; title?: string } & SVGProps<SVGSVGElement>) {
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
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      {...rest}
    >
      {title && <title>{title}</title>}
      <use href={`#i-${name}`} />
    </svg>
  );
}

import { ColorType, CrosshairMode } from 'lightweight-charts';
import type { ChartOptions, DeepPartial } from 'lightweight-charts';

/** Chart colours, read from the theme tokens (styles/tokens.css) so both themes stay in one place. */
export interface ChartColors {
  bg: string;
  text: string;
  grid: string;
  border: string;
  up: string;
  down: string;
  /** Volume bars: the up and down colours, half transparent. */
  upSoft: string;
  downSoft: string;
}

/** `#16c784` at `alpha` as `rgba(…)`; other colour syntaxes are returned unchanged. */
export function withAlpha(color: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!m) return color;
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** The current theme's chart colours (call after the theme attribute changed). */
export function readChartColors(): ChartColors {
  const style = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const up = v('--up', '#16c784');
  const down = v('--down', '#f0485d');
  return {
    bg: v('--bg', '#0b0e17'),
    text: v('--text-2', '#9aa4b8'),
    grid: withAlpha(v('--border', '#263146'), 0.55),
    border: v('--border', '#263146'),
    up,
    down,
    upSoft: withAlpha(up, 0.45),
    downSoft: withAlpha(down, 0.45),
  };
}

/** Chart options of a theme. The TradingView attribution logo stays on (licence). */
export function chartOptions(colors: ChartColors, locale: string): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: colors.bg },
      textColor: colors.text,
      fontSize: 11,
      attributionLogo: true,
    },
    localization: { locale },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    rightPriceScale: { borderColor: colors.border },
    timeScale: { borderColor: colors.border, rightOffset: 4 },
    crosshair: { mode: CrosshairMode.Normal },
  };
}

/** Candle colours of a theme: green up, red down. */
export function candleOptions(colors: ChartColors) {
  return {
    upColor: colors.up,
    downColor: colors.down,
    borderUpColor: colors.up,
    borderDownColor: colors.down,
    wickUpColor: colors.up,
    wickDownColor: colors.down,
  };
}

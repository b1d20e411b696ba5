import type { TradeTick } from '../../../domain/market-data';

const W = 358;
const H = 120;
const PAD = 6;

/**
 * A small live line of the latest trades (oldest left), with a dashed line at each open option's
 * entry price. Prices become numbers only to place points on screen; no amount is computed here.
 */
export function PriceChart({
  trades,
  entries,
}: {
  trades: readonly TradeTick[];
  entries: readonly string[];
}) {
  const points = [...trades].reverse();
  if (points.length < 2) {
    return <div className="second-chart second-chart--empty" aria-hidden="true" />;
  }
  const ys = points.map((t) => Number(t.price));
  const marks = entries.map(Number).filter((v) => Number.isFinite(v));
  const lo = Math.min(...ys, ...marks);
  const hi = Math.max(...ys, ...marks);
  const span = hi - lo || 1;
  const y = (v: number) => PAD + (H - 2 * PAD) * (1 - (v - lo) / span);
  const x = (i: number) => PAD + ((W - 2 * PAD) * i) / (points.length - 1);
  const line = ys.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const up = ys[ys.length - 1]! >= ys[0]!;
  return (
    <svg
      className={`second-chart ${up ? 'second-chart--up' : 'second-chart--down'}`}
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      role="img"
      aria-hidden="true"
      data-testid="second-chart"
    >
      {marks.map((m, i) => (
        <line key={i} className="second-chart__entry" x1={0} x2={W} y1={y(m)} y2={y(m)} />
      ))}
      <polyline className="second-chart__line" points={line} />
      <circle className="second-chart__dot" cx={x(ys.length - 1)} cy={y(ys[ys.length - 1]!)} r={3.5} />
    </svg>
  );
}

import { useTranslation } from '../../i18n/use-translation';
import { CANDLE_INTERVALS } from '../../../domain/market-data';
import type { CandleInterval } from '../../../domain/market-data';

/** The candle intervals of the K-line page, as a scrollable row of chips. */
export function IntervalTabs({
  value,
  onChange,
}: {
  value: CandleInterval;
  onChange(interval: CandleInterval): void;
}) {
  const { t } = useTranslation('market');
  return (
    <div className="chips chips--scroll" role="tablist" aria-label={t('chart.interval')}>
      {CANDLE_INTERVALS.map((iv) => (
        <button
          key={iv}
          type="button"
          role="tab"
          aria-selected={iv === value}
          className={`chip${iv === value ? ' chip--active' : ''}`}
          onClick={() => onChange(iv)}
          data-testid={`interval-${iv}`}
        >
          {t(`intervals.${iv}`)}
        </button>
      ))}
    </div>
  );
}

/** An interval from a URL parameter, or `fallback`. */
export function parseInterval(value: string | null, fallback: CandleInterval): CandleInterval {
  return (CANDLE_INTERVALS as readonly string[]).includes(value ?? '') ? (value as CandleInterval) : fallback;
}

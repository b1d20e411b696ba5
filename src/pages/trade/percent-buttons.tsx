import { useTranslation } from '../../i18n/use-translation';

/** The balance shortcuts of the order form. */
export const PERCENTS = [25, 50, 75, 100] as const;

/** 25 / 50 / 75 / 100 % of the available balance. */
export function PercentButtons({ disabled, onPick }: { disabled: boolean; onPick(pct: number): void }) {
  const { t } = useTranslation('trade');
  return (
    <div className="percent-buttons">
      {PERCENTS.map((pct) => (
        <button
          key={pct}
          type="button"
          className="percent-buttons__item"
          disabled={disabled}
          onClick={() => onPick(pct)}
          aria-label={t('form.percent', { pct })}
          data-testid={`pct-${pct}`}
        >
          {pct}%
        </button>
      ))}
    </div>
  );
}

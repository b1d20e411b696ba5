import { memo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { OrderSide, OrderType } from '../../../domain/spot';

/**
 * Buy / sell switch, green and red. Memoized, like the form's other fixed parts: react-hook-form
 * renders the form a second time as it mounts (its `isReady`), in the same task as the first.
 */
export const SideTabs = memo(function SideTabs({
  side,
  onChange,
}: {
  side: OrderSide;
  onChange(side: OrderSide): void;
}) {
  const { t } = useTranslation('trade');
  return (
    <div className="side-tabs" role="tablist">
      {(['buy', 'sell'] as const).map((s) => (
        <button
          key={s}
          type="button"
          role="tab"
          aria-selected={side === s}
          className={`side-tabs__item side-tabs__item--${s}${side === s ? ' side-tabs__item--active' : ''}`}
          onClick={() => onChange(s)}
          data-testid={`side-${s}`}
        >
          {t(`side.${s}`)}
        </button>
      ))}
    </div>
  );
});

/** Limit / market switch. */
export const TypeTabs = memo(function TypeTabs({
  type,
  onChange,
}: {
  type: OrderType;
  onChange(type: OrderType): void;
}) {
  const { t } = useTranslation('trade');
  return (
    <div className="segmented segmented--small" role="tablist">
      {(['limit', 'market'] as const).map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          aria-selected={type === k}
          className={`segmented__item${type === k ? ' segmented__item--active' : ''}`}
          onClick={() => onChange(k)}
          data-testid={`type-${k}`}
        >
          {t(`type.${k}`)}
        </button>
      ))}
    </div>
  );
});

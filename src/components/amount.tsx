import { useState } from 'react';
import { coinDisplayDecimals } from '../../domain/market';
import { useTranslation } from '../i18n/use-translation';
import { losesDigits } from '../i18n/numbers';
import type { CoinDecimals } from '../i18n/numbers';
import { useNumbers } from '../i18n/use-numbers';

/** Props of {@link Amount}. */
export interface AmountProps {
  /** Decimal string as the ledger holds it (often 8 decimals). */
  value: string;
  /** The coin's catalog entry (display decimals); unknown coins are shown exactly. */
  coin: CoinDecimals | null | undefined;
  /** Written after the number, such as the coin's symbol. */
  unit?: string;
  signed?: boolean;
  className?: string;
}

/**
 * A balance at its coin's display decimals, floored. When that drops digits, the number is a
 * toggle button: a tap (or Enter) shows the exact ledger value and another tap shortens it again.
 */
export function Amount({ value, coin, unit, signed = false, className }: AmountProps) {
  const n = useNumbers();
  const { t } = useTranslation('common');
  const [exact, setExact] = useState(false);
  const suffix = unit ? ` ${unit}` : '';
  const cls = `amount${className ? ` ${className}` : ''}`;
  if (!coin || !losesDigits(value, coinDisplayDecimals(coin))) {
    return <span className={cls}>{`${n.coin(value, coin, { signed })}${suffix}`}</span>;
  }
  return (
    <button
      type="button"
      className={`${cls} amount--tap`}
      aria-pressed={exact}
      title={t('numbers.exact')}
      onClick={(e) => {
        // Inside a card that is itself a link, the tap only toggles the number.
        e.preventDefault();
        e.stopPropagation();
        setExact((x) => !x);
      }}
      data-exact={exact || undefined}
    >
      {`${exact ? n.exact(value, { signed }) : n.coin(value, coin, { signed })}${suffix}`}
    </button>
  );
}

import * as Comlink from 'comlink';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TradeTick } from '../../../domain/market-data';
import { Spinner } from '../../components/spinner';
import { useOnline } from '../../components/use-online';
import { useCore } from '../../core/contexts';
import { formatDecimal } from './format-market';
import { useLocale } from './use-locale';
import { startWatch } from './watch';

/** Props of {@link TradeList}. */
export interface TradeListProps {
  symbol: string;
  base: string;
  quote: string;
}

/** The latest trades (`watchTrades`), newest first, coloured by the taker's side. Key it by symbol. */
export function TradeList({ symbol, base, quote }: TradeListProps) {
  const { t } = useTranslation('market');
  const { core } = useCore();
  const locale = useLocale();
  const online = useOnline();
  const [trades, setTrades] = useState<TradeTick[] | null>(null);
  const [failed, setFailed] = useState(false);
  const time = useMemo(
    () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    [locale],
  );

  useEffect(() => {
    let live = true;
    const stop = startWatch(
      core,
      () =>
        core.watchTrades(
          symbol,
          Comlink.proxy((list: TradeTick[]) => {
            if (live) setTrades(list);
          }),
        ),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      stop();
    };
  }, [core, symbol]);

  return (
    <section className="trades" data-testid="trade-list">
      <div className="trades__head">
        <span>{t('trades.time')}</span>
        <span>{t('book.price', { coin: quote })}</span>
        <span>{t('book.amount', { coin: base })}</span>
      </div>
      {failed ? (
        <p className="panel-note" role="alert">
          {t('trades.error')}
        </p>
      ) : trades === null ? (
        <p className="panel-note">
          {online ? <Spinner size={18} label={t('trades.loading')} /> : t('trades.offline')}
        </p>
      ) : trades.length === 0 ? (
        <p className="panel-note" data-testid="trades-empty">
          {t('trades.empty')}
        </p>
      ) : (
        <ol className="trades__rows">
          {trades.map((tr) => (
            <li key={tr.id} className="trades__row" data-testid="trade-row">
              <span className="trades__time mono">{time.format(tr.ts)}</span>
              <span className={`trades__price mono trades__price--${tr.side}`}>
                {formatDecimal(tr.price, locale)}
              </span>
              <span className="trades__qty mono">{formatDecimal(tr.qty, locale)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

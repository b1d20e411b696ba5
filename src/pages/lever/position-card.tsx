import { useTranslation } from '../../i18n/use-translation';
import type { LeverLivePosition } from '../../../worker/core-api';
import type { ReactNode } from 'react';
import { CoinAmount } from '../../components/coin-amount';
import { useOnline } from '../../components/use-online';
import { usePrefs } from '../../core/contexts';
import { formatMs } from '../trade';
import { pnlClass, useLeverFormat } from './lever-format';
import type { PositionActions } from './use-position-actions';

/** One open position or entrusting order with its live mark, PnL and risk rate, and its actions. */
export function PositionCard({ p, actions }: { p: LeverLivePosition; actions?: PositionActions }) {
  const { t } = useTranslation('lever');
  const { lang } = usePrefs();
  const f = useLeverFormat();
  const trading = p.status === 'trading';
  // Every action here moves money: disabled while the server cannot be reached.
  const online = useOnline();
  // Every amount of the coin at its display decimals, the exact value a tap away (as in the receipt).
  const coin = (v: string | null | undefined, signed = false) => (
    <CoinAmount value={v} coin={p.coin} signed={signed} bare />
  );
  const cells: [string, ReactNode, string?][] = trading
    ? [
        [t('fields.openPrice'), f.digits(p.openPrice)],
        [t('fields.mark'), f.digits(p.mark), 'mark'],
        [`${t('fields.pnl')} (${p.coin})`, coin(p.livePnl, true), 'pnl'],
        [t('fields.riskRate'), f.risk(p.riskRate), 'risk'],
        [`${t('fields.margin')} (${p.coin})`, coin(p.margin), 'margin'],
        [t('fields.liquidationPrice'), f.digits(p.liquidationPrice)],
        [`${t('fields.openFee')} (${p.coin})`, coin(p.openFee), 'openFee'],
        [`${t('fields.overnightFees')} (${p.coin})`, coin(p.overnightFees), 'overnightFees'],
        [t('fields.tp'), f.digits(p.tp), 'tp'],
        [t('fields.sl'), f.digits(p.sl), 'sl'],
      ]
    : [
        [t('fields.limitPrice'), f.digits(p.limitPrice)],
        [t('fields.mark'), f.digits(p.mark), 'mark'],
        [`${t('fields.margin')} (${p.coin})`, coin(p.margin), 'margin'],
        [`${t('fields.openFee')} (${p.coin})`, coin(p.openFee), 'openFee'],
      ];
  return (
    <article
      className={`order-card lever-card${p.nearLiquidation ? ' lever-card--warn' : ''}`}
      data-testid="lever-position"
      data-id={p.id}
      data-status={p.status}
      data-side={p.side}
    >
      <header className="order-card__head">
        <span className={`order-card__side order-card__side--${p.side === 'long' ? 'buy' : 'sell'}`}>
          {t(`side.${p.side}`)} {p.multiple}×
        </span>
        <span className="order-card__pair">{p.symbol}</span>
        <span className="badge">
          {p.hands} · {p.size}
        </span>
        <span className="order-card__time">{formatMs(p.openedAt ?? p.createdAt, lang)}</span>
      </header>
      {p.nearLiquidation && (
        <p className="lever-warn" role="alert" data-testid="lever-warn">
          {t('positions.warn', { rate: f.risk(p.riskRate) })}
        </p>
      )}
      <dl className="order-card__grid">
        {cells.map(([label, value, id]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={id === 'pnl' ? pnlClass(p.livePnl) : undefined} data-testid={id && `lever-${id}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {actions && (
        <footer className="order-card__foot">
          <span className={`order-status order-status--${p.status}`}>{t(`status.${p.status}`)}</span>
          <span className="lever-card__buttons">
            {trading ? (
              <>
                <button
                  type="button"
                  className="btn btn--secondary btn--small"
                  onClick={() => actions.tpsl(p)}
                  data-testid="lever-tpsl"
                  disabled={!online}
                >
                  {t('positions.setTpSl')}
                </button>
                <button
                  type="button"
                  className="btn btn--primary btn--small"
                  onClick={() => actions.close(p)}
                  data-testid="lever-close"
                  disabled={!online}
                >
                  {t('positions.close')}
                </button>
              </>
            ) : (
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={() => actions.cancel(p)}
                data-testid="lever-cancel"
                disabled={!online}
              >
                {t('positions.cancel')}
              </button>
            )}
          </span>
        </footer>
      )}
    </article>
  );
}

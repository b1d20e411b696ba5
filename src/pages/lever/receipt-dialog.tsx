import { useTranslation } from '../../i18n/use-translation';
import type { LeverOrder } from '../../../domain/lever';
import { CoinAmount } from '../../components/coin-amount';
import { Dialog } from '../../components/dialog';
import { usePrefs } from '../../core/contexts';
import { formatMs } from '../trade';
import { pnlClass, useLeverFormat } from './lever-format';

const LABELS = ['margin', 'pnl', 'closeFee', 'payout', 'houseCover', 'openFee'] as const;

/** The settlement receipt of a closed position: the rule that fired, the trades it used, the money moved. */
export function ReceiptDialog({ order, onClose }: { order: LeverOrder | null; onClose(): void }) {
  const { t } = useTranslation(['lever', 'common']);
  const { lang } = usePrefs();
  const f = useLeverFormat();
  const r = order?.receipt ?? null;
  const covered = r?.amounts.some((a) => a.label === 'houseCover') ?? false;
  return (
    <Dialog
      open={order !== null}
      title={t('receipt.title')}
      onDismiss={onClose}
      actions={
        <button type="button" className="btn btn--ghost" onClick={onClose} data-testid="receipt-close">
          {t('common:actions.close')}
        </button>
      }
    >
      {order && r && (
        <div className="lever-receipt" data-testid="lever-receipt" data-rule={r.rule}>
          <dl className="summary-rows">
            <div className="confirm-order__row">
              <dt>{t('receipt.rule')}</dt>
              <dd data-testid="receipt-rule">{t(`rule.${r.rule}`)}</dd>
            </div>
            <div className="confirm-order__row">
              <dt>{t('fields.pair')}</dt>
              <dd>
                {order.symbol} · {t(`side.${order.side}`)} {order.multiple}× · {order.hands}
              </dd>
            </div>
            <div className="confirm-order__row">
              <dt>{t('fields.openPrice')}</dt>
              <dd>{f.digits(order.openPrice)}</dd>
            </div>
          </dl>
          <h3 className="lever-preview__title">{t('receipt.trades')}</h3>
          <ul className="lever-receipt__trades">
            {r.trades.map((tr) => (
              <li key={`${tr.role}${tr.id}`} data-testid="receipt-trade">
                <span className="badge">{t(`receipt.role.${tr.role}`)}</span>{' '}
                {t('receipt.trade', { id: tr.id, price: f.digits(tr.price) })} ·{' '}
                {formatMs(tr.ts, lang, { precise: true })}
              </li>
            ))}
          </ul>
          <h3 className="lever-preview__title">{t('receipt.amounts')}</h3>
          <dl className="summary-rows">
            {r.amounts.map((a) => (
              <div key={a.label} className="confirm-order__row">
                <dt>
                  {(LABELS as readonly string[]).includes(a.label)
                    ? t(`receipt.label.${a.label as (typeof LABELS)[number]}`)
                    : a.label}
                </dt>
                <dd
                  className={a.label === 'pnl' ? pnlClass(a.amount) : undefined}
                  data-testid={`receipt-${a.label}`}
                >
                  <CoinAmount value={a.amount} coin={a.coin} signed={a.label === 'pnl'} />
                </dd>
              </div>
            ))}
          </dl>
          {covered && <p className="lever-warn">{t('receipt.houseCovered')}</p>}
          {r.ledgerTxId !== null && <p className="note">{t('receipt.ledger', { id: r.ledgerTxId })}</p>}
        </div>
      )}
    </Dialog>
  );
}

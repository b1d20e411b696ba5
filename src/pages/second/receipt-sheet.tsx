import type { ReactNode } from 'react';
import type { SecondOption } from '../../../domain/second-endpoints';
import { CoinAmount } from '../../components/coin-amount';
import { Dialog } from '../../components/dialog';
import { usePrefs } from '../../core/contexts';
import { useTranslation } from '../../i18n/use-translation';
import { useLocale } from './second-hooks';
import { formatMs } from '../trade';
import { formatPrice, resultClass } from './second-format';

/**
 * What a settlement used and moved: the entry and exit trades (id, price, time), the duration, the
 * rule and each amount, with the ledger transaction that moved them.
 */
export function ReceiptSheet(props: { option: SecondOption | null; onClose(): void }) {
  const { t } = useTranslation(['second', 'common']);
  const { lang } = usePrefs();
  const locale = useLocale();
  const o = props.option;
  // The page's one time format, with the milliseconds a trade time is checked by.
  const exactTime = (ms: number) => formatMs(ms, lang, { precise: true });
  const r = o?.receipt ?? null;
  const entry = r?.trades.find((x) => x.role === 'entry');
  const exit = r?.trades.find((x) => x.role === 'exit');
  const trade = (label: string, x: typeof entry, id: string) =>
    x && (
      <div className="receipt__block" data-testid={`receipt-${id}`}>
        <h3 className="receipt__heading">{label}</h3>
        <dl className="summary-rows">
          <Row label={t('receipt.tradeId', { id: x.id })} value={formatPrice(x.price, locale)} />
          <Row label={t('receipt.time')} value={exactTime(x.ts)} />
        </dl>
      </div>
    );
  return (
    <Dialog
      open={o !== null}
      title={t('receipt.title')}
      onDismiss={props.onClose}
      actions={
        <button type="button" className="btn btn--ghost" onClick={props.onClose}>
          {t('common:actions.close')}
        </button>
      }
    >
      {o && (
        <div className="receipt" data-testid="receipt">
          <p className="receipt__title">
            {t('receipt.option', { id: o.id })} · {o.symbol} · {t(o.direction)} ·{' '}
            <strong className={resultClass(o.result)}>{t(`result.${o.result ?? 'open'}`)}</strong>
          </p>
          <dl className="summary-rows">
            <Row label={t('receipt.duration')} value={t('seconds', { n: o.seconds })} />
            <Row label={t('receipt.accepted')} value={exactTime(o.acceptedAt)} />
            <Row label={t('receipt.expiry')} value={exactTime(o.expiresAt)} />
          </dl>
          {trade(
            t('receipt.entryTrade'),
            entry ?? { role: 'entry', id: o.entry.tradeId, ...o.entry },
            'entry',
          )}
          {trade(t('receipt.exitTrade'), exit, 'exit')}
          <div className="receipt__block">
            <h3 className="receipt__heading">{t('receipt.rule')}</h3>
            <p className="note">{t('rules.exit')}</p>
            <p className="note">{t('rules.outcome')}</p>
          </div>
          {r && (
            <div className="receipt__block">
              <h3 className="receipt__heading">{t('receipt.moved')}</h3>
              <dl className="summary-rows">
                {r.amounts.map((a) => (
                  <Row
                    key={a.label}
                    label={t(`receipt.${a.label as 'stake' | 'payout' | 'refund'}`)}
                    value={<CoinAmount value={a.amount} coin={a.coin} signed />}
                  />
                ))}
              </dl>
              {r.ledgerTxId !== null && (
                <p className="second-muted">
                  {t('receipt.ledgerTx', { id: r.ledgerTxId })} · {formatMs(r.ts, lang)}
                </p>
              )}
            </div>
          )}
          <p className="note">{t('receipt.check')}</p>
        </div>
      )}
    </Dialog>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="confirm-order__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

import { useState, type ReactNode } from 'react';
import type { LockmingPosition, LockmingPositionDetail } from '../../../domain/lockming-types';
import { CoinAmount } from '../../components/coin-amount';
import { usePrefs } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { useTranslation } from '../../i18n/use-translation';
import { formatMs } from '../trade';
import { dayText, percentText, productTitle } from './lockming-format';

/** The payout receipts of a position: each day's rule, inputs, amount and ledger transaction. */
function Receipts({ id, coin }: { id: number; coin: string }) {
  const { t } = useTranslation('lockming');
  const { lang } = usePrefs();
  const call = useCall();
  const [detail, setDetail] = useState<LockmingPositionDetail | null>(null);
  const [open, setOpen] = useState(false);
  const toggle = async () => {
    setOpen(!open);
    if (!open) {
      const out = await call('lockming/position', { id });
      if (out.ok) setDetail(out.data);
    }
  };
  return (
    <div className="lockming-receipts">
      <button
        type="button"
        className="btn btn--text"
        onClick={() => void toggle()}
        aria-expanded={open}
        data-testid="lockming-receipts-toggle"
      >
        {t('receipts.show')}
      </button>
      {open && detail && (
        <ol className="lockming-receipts__list" data-testid="lockming-receipts">
          {detail.receipts.length === 0 && <li className="muted">{t('receipts.none')}</li>}
          {detail.receipts.map((r) => (
            <li key={r.day} data-testid="lockming-receipt">
              <span>
                {t('receipts.day', { n: r.day })} · {t(`receipts.rule.${r.rule}`)} · {dayText(r.at, lang)}
              </span>
              <span className="mono">
                <CoinAmount value={r.principal} coin={coin} bare /> × {percentText(r.dailyRate, lang)} ={' '}
                <CoinAmount value={r.amount} coin={coin} />
              </span>
              <span className="muted">{t('receipts.tx', { id: r.ledgerTxId })}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** One position: amount, lock time, interest so far, expected income, maturity; redeem if allowed. */
export function PositionCard({ p, onRedeem }: { p: LockmingPosition; onRedeem(p: LockmingPosition): void }) {
  const { t } = useTranslation('lockming');
  const { lang } = usePrefs();
  const coin = (v: string | null) => <CoinAmount value={v} coin={p.coin} />;
  const rows: [string, ReactNode, string][] = [
    [t('fields.amount'), coin(p.amount), 'amount'],
    [t('fields.lockedAt'), formatMs(p.lockedAt, lang), 'locked-at'],
    [t('fields.interest'), coin(p.interest), 'interest'],
    [t('fields.expectedIncome'), coin(p.expectedIncome), 'income'],
    [t('fields.maturesAt'), dayText(p.maturesAt, lang), 'matures'],
    [t('fields.payouts'), `${p.daysPaid} / ${p.days}`, 'payouts'],
  ];
  if (p.status === 'locking') rows.push([t('fields.nextPayout'), dayText(p.nextAccrualAt, lang), 'next']);
  if (p.returned !== null) rows.push([t('fields.returned'), coin(p.returned), 'returned']);
  if (p.forfeited !== null && p.ended === 'redeem' && p.kind === 'lock') {
    rows.push([t('fields.forfeited'), coin(p.forfeited), 'forfeited']);
  }
  return (
    <article
      className="order-card lockming-card"
      data-testid="lockming-position"
      data-id={p.id}
      data-status={p.status}
    >
      <header className="order-card__head">
        <span className="order-card__pair">{productTitle(t, p)}</span>
        <span className="badge">{percentText(p.dailyRate, lang)}</span>
        <span className={`order-status order-status--${p.status}`}>
          {p.ended ? t(`list.ended.${p.ended}`) : t('list.locking')}
        </span>
      </header>
      <dl className="order-card__grid order-card__grid--2">
        {rows.map(([label, value, id]) => (
          <div key={id}>
            <dt>{label}</dt>
            <dd data-testid={`position-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <footer className="order-card__foot">
        <Receipts id={p.id} coin={p.coin} />
        {p.redeemable && (
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => onRedeem(p)}
            data-testid="lockming-redeem"
          >
            {t('list.redeem')}
          </button>
        )}
      </footer>
    </article>
  );
}

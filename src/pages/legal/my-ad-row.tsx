import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { LegalAd } from '../../../domain/legal';
import { SummaryDialog } from '../../components/summary-dialog';
import { usePrefs } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { useTranslation } from '../../i18n/use-translation';
import { formatMs } from '../trade';
import { CoinAmount } from '../../components/coin-amount';
import { useCatalogCoin } from '../../core/catalog-coins';
import { useNumbers } from '../../i18n/use-numbers';
import { fiatText } from './legal-format';

/** One of the merchant's own ads, with pause or resume, edit and withdraw (behind a confirmation). */
export function MyAdRow({ ad, onChanged }: { ad: LegalAd; onChanged(): void }) {
  const { t } = useTranslation('legal');
  const { lang } = usePrefs();
  const call = useCall();
  const n = useNumbers();
  const coin = useCatalogCoin(ad.coin);
  const [busy, setBusy] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const run = async (p: Promise<{ ok: boolean }>) => {
    setBusy(true);
    const out = await p;
    setBusy(false);
    setWithdrawing(false);
    if (out.ok) onChanged();
  };
  const live = ad.status !== 'withdrawn';
  return (
    <article className="legal-ad legal-ad--mine" data-testid="my-ad" data-ad={ad.id} data-status={ad.status}>
      <header className="legal-ad__head">
        <span className={`legal-order__side legal-order__side--${ad.side === 'sell' ? 'seller' : 'buyer'}`}>
          {t(`side.${ad.side}`)} {ad.coin}
        </span>
        <span className={`badge legal-badge--${ad.status}`}>{t(`ad.status.${ad.status}`)}</span>
      </header>
      <dl className="legal-kv">
        <div>
          <dt>{t('ad.price')}</dt>
          <dd className="mono">
            {fiatText(ad.price, lang)} {ad.currency}
          </dd>
        </div>
        <div>
          <dt>{t('ad.limits')}</dt>
          <dd className="mono" data-testid="my-ad-limits">
            {fiatText(ad.min, lang)}–{fiatText(ad.max, lang)} {ad.currency}
          </dd>
        </div>
        <div>
          <dt>{t('ad.remaining')}</dt>
          <dd className="mono" data-testid="my-ad-remaining">
            <CoinAmount value={ad.remaining} coin={ad.coin} bare /> /{' '}
            <CoinAmount value={ad.total} coin={ad.coin} />
          </dd>
        </div>
      </dl>
      {ad.expiresAt !== null && live && (
        <p className="note">{t('ad.autoCancel', { time: formatMs(ad.expiresAt, lang) })}</p>
      )}
      {live && (
        <div className="button-row">
          <button
            type="button"
            className="btn btn--secondary btn--small"
            disabled={busy}
            onClick={() => void run(call('legal/adPause', { id: ad.id, paused: ad.status === 'online' }))}
            data-testid="ad-pause"
          >
            {ad.status === 'online' ? t('store.pause') : t('store.resume')}
          </button>
          <Link className="btn btn--secondary btn--small" to={`/pages/legal/storeDetail?id=${ad.id}`}>
            {t('store.edit')}
          </Link>
          <button
            type="button"
            className="btn btn--danger-ghost btn--small"
            disabled={busy}
            onClick={() => setWithdrawing(true)}
            data-testid="ad-withdraw"
          >
            {t('store.withdraw')}
          </button>
        </div>
      )}
      <SummaryDialog
        open={withdrawing}
        title={t('store.withdrawTitle')}
        rows={[
          [t('ad.price'), `${fiatText(ad.price, lang)} ${ad.currency}`],
          [t('ad.remaining'), <CoinAmount value={ad.remaining} coin={ad.coin} />],
        ]}
        confirmLabel={t('store.withdraw')}
        confirmClass="btn--danger-ghost"
        busy={busy}
        onConfirm={() => void run(call('legal/adWithdraw', { id: ad.id }))}
        onCancel={() => setWithdrawing(false)}
        testId="withdraw-confirm"
      >
        {ad.side === 'sell' && (
          <p className="note">
            {t('store.withdrawNote', { qty: n.coin(ad.remaining, coin), coin: ad.coin })}
          </p>
        )}
      </SummaryDialog>
    </article>
  );
}

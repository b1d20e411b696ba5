import { Link } from 'react-router-dom';
import type { LegalAd } from '../../../domain/legal';
import { usePrefs } from '../../core/contexts';
import { useTranslation } from '../../i18n/use-translation';
import { formatMs } from '../trade';
import { CoinAmount } from '../../components/coin-amount';
import { durationParts, fiatText, rateText } from './legal-format';
import { TAKE_BLOCKED_ID, type TakeBlock } from './take-rule';

/** Props of {@link AdCard}. */
export interface AdCardProps {
  ad: LegalAd;
  /** The user's side: `buy` takes a merchant's sell ad. */
  side: 'buy' | 'sell';
  onTake(ad: LegalAd): void;
  /** The server would refuse this take now: the button is disabled and points at the reason. */
  blocked?: boolean;
}

/** One ad of the hall: merchant and stats, unit price, limits, what is left, payment methods. */
export function AdCard({ ad, side, onTake, blocked = false }: AdCardProps) {
  const { t } = useTranslation('legal');
  const { lang } = usePrefs();
  const s = ad.merchant.stats;
  const release = s.medianReleaseSec30d === null ? null : durationParts(s.medianReleaseSec30d);
  return (
    <article className="legal-ad" data-testid="legal-ad" data-ad={ad.id}>
      <header className="legal-ad__head">
        <Link className="legal-ad__merchant" to={`/pages/legal/storeUser?id=${ad.merchant.userId}`}>
          <span className="legal-avatar" aria-hidden="true">
            {ad.merchant.nickname.slice(0, 1).toUpperCase()}
          </span>
          <span className="legal-ad__name">{ad.merchant.nickname}</span>
        </Link>
        <span className="legal-ad__stats">
          {s.completionRate30d === null ? (
            t('ad.noStats')
          ) : (
            <>
              {t('ad.orders30d', { n: s.orders30d, count: s.orders30d })} ·{' '}
              {t('ad.completion', { pct: rateText(s.completionRate30d, lang) })}
            </>
          )}
        </span>
      </header>
      <div className="legal-ad__body">
        <div className="legal-ad__price">
          <span className="legal-ad__label">{t('ad.price')}</span>
          <strong className="mono" data-testid="ad-price">
            {fiatText(ad.price, lang)} <small>{ad.currency}</small>
          </strong>
        </div>
        <dl className="legal-ad__facts">
          <div>
            <dt>{t('ad.available')}</dt>
            <dd className="mono" data-testid="ad-available">
              <CoinAmount value={ad.remaining} coin={ad.coin} />
            </dd>
          </div>
          <div>
            <dt>{t('ad.limits')}</dt>
            <dd className="mono">
              {fiatText(ad.min, lang)}–{fiatText(ad.max, lang)} {ad.currency}
            </dd>
          </div>
          <div>
            <dt>{t('ad.methods')}</dt>
            <dd className="legal-methods">
              {ad.methods.map((m) => (
                <span key={m} className={`legal-method legal-method--${m}`}>
                  {t(`methods.kind.${m}`)}
                </span>
              ))}
            </dd>
          </div>
          {release && (
            <div>
              <dt>{t('ad.release')}</dt>
              <dd>{t(`time.${release.unit}`, { n: release.n })}</dd>
            </div>
          )}
        </dl>
        <button
          type="button"
          className={`btn btn--small ${side === 'buy' ? 'btn--buy' : 'btn--sell'}`}
          onClick={() => onTake(ad)}
          disabled={blocked}
          aria-describedby={blocked ? TAKE_BLOCKED_ID : undefined}
          data-testid="ad-take"
        >
          {t(side === 'buy' ? 'ad.buy' : 'ad.sell', { coin: ad.coin })}
        </button>
      </div>
    </article>
  );
}

/** Why the take buttons are disabled, and until when (the cancel limit lifts at the next UTC day). */
export function TakeBlockedNote({ block }: { block: NonNullable<TakeBlock> }) {
  const { t } = useTranslation('legal');
  const { lang } = usePrefs();
  return block.reason === 'frozen' ? (
    <p className="note note--danger" role="alert" id={TAKE_BLOCKED_ID} data-testid="legal-frozen">
      {t('hall.frozen', { reason: block.text })}
    </p>
  ) : (
    <p className="note note--danger" id={TAKE_BLOCKED_ID} data-testid="cancels-left" data-blocked="">
      {t('hall.buyBlocked', { n: block.cancels, count: block.cancels, time: formatMs(block.until, lang) })}
    </p>
  );
}

import type { LegalOrder, PaymentMethod } from '../../../domain/legal';
import { CoinAmount } from '../../components/coin-amount';
import { CopyButton } from '../../components/copy-button';
import { usePrefs } from '../../core/contexts';
import { useTranslation } from '../../i18n/use-translation';
import { isZeroAmount } from '../assets';
import { formatMs } from '../trade';
import { fiatText } from './legal-format';
import { LegalImage } from './legal-image';

/** One payment method of the payee, with copy buttons and its code image. */
function PayeeMethod({ m, orderId }: { m: PaymentMethod; orderId: number }) {
  const { t } = useTranslation('legal');
  // Numbers and accounts in the monospace face, names in the text face.
  const rows: Array<[string, string, boolean]> = [
    [t('methods.realName'), m.realName, false],
    [t('methods.bank'), m.bank, false],
    [t('methods.cardNumber'), m.cardNumber, true],
    [t('methods.nickname'), m.nickname, false],
    [t(m.kind === 'trc20' || m.kind === 'erc20' ? 'methods.address' : 'methods.account'), m.account, true],
  ];
  return (
    <div className="legal-payee" data-testid="payee-method" data-kind={m.kind}>
      <span className={`legal-method legal-method--${m.kind}`}>{t(`methods.kind.${m.kind}`)}</span>
      <dl className="legal-kv">
        {rows
          .filter(([, v]) => v)
          .map(([k, v, mono]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd className={mono ? 'mono' : undefined}>
                {v}
                <CopyButton text={v} />
              </dd>
            </div>
          ))}
      </dl>
      {m.qrId && <LegalImage id={m.qrId} orderId={orderId} alt={t('methods.qr')} />}
    </div>
  );
}

/** Where the buyer pays: the seller's methods; gone once the order is cancelled (spec §8). */
export function PayeeCard({ order }: { order: LegalOrder }) {
  const { t } = useTranslation('legal');
  return (
    <section className="card" data-testid="payee">
      <h2 className="card__title">{t('order.payee')}</h2>
      {order.payee === null ? (
        <p className="card__text" data-testid="payee-hidden">
          {t('order.payeeHidden')}
        </p>
      ) : (
        order.payee.map((m) => <PayeeMethod key={m.id} m={m} orderId={order.id} />)
      )}
    </section>
  );
}

/** Who did what and when, oldest first (the order's timeline, the appeal's record). */
export function Timeline({ order }: { order: LegalOrder }) {
  const { t } = useTranslation('legal');
  const { lang } = usePrefs();
  return (
    <section className="card" data-testid="timeline">
      <h2 className="card__title">{t('order.timeline')}</h2>
      <ol className="legal-timeline">
        {order.timeline.map((e) => {
          const outcome = typeof e.detail.outcome === 'string' ? e.detail.outcome : null;
          const text =
            typeof e.detail.reference === 'string'
              ? e.detail.reference
              : typeof e.detail.reason === 'string'
                ? e.detail.reason
                : null;
          return (
            <li key={e.id} className="legal-timeline__item" data-testid="timeline-event" data-kind={e.kind}>
              <span className="legal-timeline__dot" aria-hidden="true" />
              <div>
                <p className="legal-timeline__what">
                  {t(`event.${e.kind}` as 'event.created', { defaultValue: e.kind })}
                  {outcome && <> · {t(`event.outcome.${outcome}` as 'event.outcome.release')}</>}
                </p>
                {text && <p className="legal-timeline__detail">{text}</p>}
                <p className="legal-timeline__meta">
                  {t(`event.by.${e.role}`)} · {formatMs(e.at, lang)}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The rights-protection case: who opened it, the reason and the evidence images. */
export function AppealCard({ order }: { order: LegalOrder }) {
  const { t } = useTranslation('legal');
  const a = order.appeal;
  if (!a) return null;
  return (
    <section className="card legal-appeal" data-testid="appeal">
      <h2 className="card__title">{t('order.appeal')}</h2>
      <p className="card__text">
        {t(`event.by.${a.openedBy}`)}: {a.reason}
      </p>
      {a.evidence.length > 0 && (
        <div className="legal-evidence">
          {a.evidence.map((id) => (
            <LegalImage key={id} id={id} orderId={order.id} alt={t('order.evidence')} />
          ))}
        </div>
      )}
      {a.outcome && <p className="badge">{t(`event.outcome.${a.outcome}`)}</p>}
    </section>
  );
}

/**
 * What the order is for: the fiat amount and price (2 decimals, with the currency), the quantity and
 * fee in the coin's display decimals with the exact value on tap, the counterparty and the time in
 * the UI language's format.
 */
export function OrderFacts({ order }: { order: LegalOrder }) {
  const { t } = useTranslation('legal');
  const { lang } = usePrefs();
  return (
    <section className="card">
      <dl className="legal-kv">
        <div>
          <dt>{t('order.amount')}</dt>
          <dd className="mono legal-big" data-testid="order-amount">
            {fiatText(order.amount, lang)} {order.currency}
          </dd>
        </div>
        <div>
          <dt>{t('order.qty')}</dt>
          <dd className="mono" data-testid="order-qty">
            <CoinAmount value={order.qty} coin={order.coin} />
          </dd>
        </div>
        <div>
          <dt>{t('order.price')}</dt>
          <dd className="mono">
            {fiatText(order.price, lang)} {order.currency}
          </dd>
        </div>
        {!isZeroAmount(order.fee) && (
          <div>
            <dt>{t('order.fee')}</dt>
            <dd className="mono" data-testid="order-fee">
              <CoinAmount value={order.fee} coin={order.coin} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t('order.counterparty')}</dt>
          <dd>{order.counterparty}</dd>
        </div>
        <div>
          <dt>{t('order.time')}</dt>
          <dd>{formatMs(order.createdAt, lang)}</dd>
        </div>
        {order.payRef && (
          <div>
            <dt>{t('order.payRef')}</dt>
            <dd className="mono" data-testid="order-payref">
              {order.payRef}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

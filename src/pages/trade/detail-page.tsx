import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { CatalogInfo } from '../../../domain/market';
import type { SpotFill } from '../../../domain/spot';
import { AsOf, NothingSaved } from '../../components/as-of';
import { Amount } from '../../components/amount';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { usePrefs, useUser } from '../../core/contexts';
import { usePrivateRead } from '../../core/use-private-read';
import { useCatalog } from '../../core/use-catalog';
import { coinOf } from '../../i18n/numbers';
import { useNumbers } from '../../i18n/use-numbers';
import { RequireUser } from '../../components/require-user';
import { MoreButton } from './more-button';
import { formatMs } from './trade-format';
import { PAGE, usePaged } from '../../core/use-paged';
import type { PageLoader } from '../../core/use-paged';
import { usePrivateResync } from '../../core/use-private-events';

const fillId = (f: SpotFill) => f.tradeId;

/** One fill: pair, side, maker or taker, price, quantity, value, fee and fee coin, time. */
function FillCard({ fill, catalog }: { fill: SpotFill; catalog: CatalogInfo | null }) {
  const { t } = useTranslation('trade');
  const { lang } = usePrefs();
  const n = useNumbers();
  const [base, quote = ''] = fill.symbol.split('/');
  const pair = catalog?.pairs.find((p) => p.symbol === fill.symbol);
  const cells: [string, ReactNode][] = [
    [`${t('fields.price')} (${quote})`, pair ? n.price(fill.price, pair) : n.exact(fill.price)],
    [`${t('fields.qty')} (${base})`, pair ? n.qty(fill.qty, pair) : n.exact(fill.qty)],
    [`${t('fields.total')} (${quote})`, <Amount value={fill.amount} coin={coinOf(catalog?.coins, quote)} />],
    // A fee is small: every digit it has, so it never reads as zero.
    [`${t('fields.fee')} (${fill.feeCoin})`, n.exact(fill.fee)],
  ];
  return (
    <article className="order-card" data-testid="fill-card" data-order-id={fill.orderId}>
      <header className="order-card__head">
        <span className={`order-card__side order-card__side--${fill.side}`}>{t(`side.${fill.side}`)}</span>
        <span className="order-card__pair">{fill.symbol}</span>
        <span className={`badge badge--${fill.role}`}>{t(`role.${fill.role}`)}</span>
        <span className="order-card__time">{formatMs(fill.ts, lang)}</span>
      </header>
      <dl className="order-card__grid order-card__grid--2">
        {cells.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** /pages/trade/detail: the transaction history (fills), newest first, paged. */
export function DetailPage() {
  const { t } = useTranslation('trade');
  const { user } = useUser();
  const read = usePrivateRead();
  const { catalog } = useCatalog();
  const [failed, setFailed] = useState<number | null>(null);
  const load = useCallback<PageLoader<SpotFill>>(
    async (before, onCached) => {
      if (!user) return null;
      const out = await read(
        'trade/fills',
        { limit: PAGE, ...(before !== undefined && { before }) },
        onCached,
      );
      if (before === undefined) setFailed(out.ok ? null : user.id);
      return out.ok ? out : null;
    },
    [read, user],
  );
  const paged = usePaged(String(user?.id ?? ''), load, fillId);
  usePrivateResync(user !== null, paged.reload);
  return (
    <Screen backTo="/pages/trade/entrust">
      <RequireUser>
        {(u) => (
          <>
            <AsOf time={paged.time} testId="fills-as-of" />
            {paged.items === null && failed === u.id ? (
              <NothingSaved onRetry={() => void paged.reload()} />
            ) : paged.items === null ? (
              <div className="trade-orders__state">
                <Spinner size={24} />
              </div>
            ) : paged.items.length === 0 ? (
              <p className="trade-orders__state" data-testid="fills-empty">
                {t('orders.noFills')}
              </p>
            ) : (
              <div className="order-list" data-testid="fill-list">
                {paged.items.map((f) => (
                  <FillCard key={f.tradeId} fill={f} catalog={catalog} />
                ))}
                <MoreButton loading={paged.loading} done={paged.done} more={paged.more} />
              </div>
            )}
          </>
        )}
      </RequireUser>
    </Screen>
  );
}

import { useCallback, useEffect, useState } from 'react';
import type { ListingApplication } from '../../../domain/listing-types';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { useCall } from '../../core/use-call';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/content.css';
import { RequireUser } from '../mine/require-user';
import { useDecisionReload } from '../trade/use-private-events';
import { ArticleDate } from '../news/news-list';
import { ListingForm } from './listing-form';

/** The caller's applications with their status and, when rejected, the reason. */
function MyApplications({ items }: { items: readonly ListingApplication[] | null }) {
  const { t } = useTranslation('content');
  if (items === null) {
    return (
      <div className="state">
        <Spinner size={24} />
      </div>
    );
  }
  if (items.length === 0) return <p className="muted center">{t('listing.none')}</p>;
  return (
    <ul className="news-list" data-testid="listing-list">
      {items.map((a) => (
        <li key={a.id} className="news-item listing-item" data-testid="listing-item" data-status={a.status}>
          <span className="news-item__text">
            <span className="news-item__title">
              {a.symbol} · {a.project}{' '}
              <span className={`badge badge--listing-${a.status}`}>{t(`listing.status.${a.status}`)}</span>
            </span>
            <span className="news-item__excerpt">
              {a.chain} · {a.contract}
            </span>
            {a.reason && (
              <span className="listing-item__reason" data-testid="listing-reason">
                {t('listing.reason', { reason: a.reason })}
              </span>
            )}
            <span className="news-item__date">
              <ArticleDate at={a.updatedAt} />
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The decisions that change this page. */
const LISTING_DECISIONS = ['listing'] as const;

function Listing() {
  const { t } = useTranslation('content');
  const call = useCall();
  const [items, setItems] = useState<ListingApplication[] | null>(null);
  const fetchMine = useCallback(async () => {
    const out = await call('listing/mine', {});
    return out.ok ? out.data : [];
  }, [call]);
  useEffect(() => {
    let live = true;
    void fetchMine().then((list) => live && setItems(list));
    return () => {
      live = false;
    };
  }, [fetchMine]);
  // An operator's review, acceptance or rejection shows at once.
  const reload = useCallback(() => fetchMine().then(setItems), [fetchMine]);
  useDecisionReload(true, LISTING_DECISIONS, reload);
  return (
    <>
      <p className="muted">{t('listing.intro')}</p>
      <ListingForm onSent={() => void fetchMine().then(setItems)} />
      <h2 className="section-title">{t('listing.mine')}</h2>
      <MyApplications items={items} />
    </>
  );
}

/** /pages/ieo/link: the coin-listing application and the applicant's applications. */
export function ListingPage() {
  return <Screen>{<RequireUser>{() => <Listing />}</RequireUser>}</Screen>;
}

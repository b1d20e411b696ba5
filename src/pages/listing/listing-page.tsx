import type { Empty } from '../../../domain/endpoint-def';
import type { ListingApplication } from '../../../domain/listing-types';
import { AsOf, NothingSaved } from '../../components/as-of';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { useUser } from '../../core/contexts';
import { usePrivateData } from '../../core/use-dated-read';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/content.css';
import { RequireUser } from '../../components/require-user';
import { useDecisionReload } from '../../core/use-private-events';
import { ArticleDate } from '../news';
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
const NONE: Empty = {};

function Listing() {
  const { t } = useTranslation('content');
  const { user } = useUser();
  // A private read: after one visit the list renders from the device, dated, also offline.
  const read = usePrivateData('listing/mine', NONE, user?.id ?? null);
  const { reload } = read;
  // An operator's review, acceptance or rejection shows at once.
  useDecisionReload(true, LISTING_DECISIONS, reload);
  return (
    <>
      <p className="muted">{t('listing.intro')}</p>
      <ListingForm onSent={() => void reload()} />
      <h2 className="section-title">{t('listing.mine')}</h2>
      <AsOf time={read.time} testId="listing-as-of" />
      {read.data === null && read.failed ? (
        // Nothing saved and no answer: a retry instead of a spinner that never ends.
        <NothingSaved testId="listing-nothing-saved" onRetry={() => void reload()} />
      ) : (
        <MyApplications items={read.data} />
      )}
    </>
  );
}

/** /pages/ieo/link: the coin-listing application and the applicant's applications. */
export function ListingPage() {
  return <Screen>{<RequireUser>{() => <Listing />}</RequireUser>}</Screen>;
}

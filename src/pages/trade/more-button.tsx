import { useTranslation } from '../../i18n/use-translation';
import { Spinner } from '../../components/spinner';

/** "Load more" under a paged list, or a quiet end mark once everything is shown. */
export function MoreButton({
  loading,
  done,
  more,
}: {
  loading: boolean;
  done: boolean;
  more(): Promise<void>;
}) {
  const { t } = useTranslation('trade');
  if (done) return <p className="list-end">{t('orders.end')}</p>;
  return (
    <button
      type="button"
      className="btn btn--secondary btn--block"
      disabled={loading}
      onClick={() => void more()}
      data-testid="load-more"
    >
      {loading && <Spinner size={18} />}
      {t('orders.more')}
    </button>
  );
}

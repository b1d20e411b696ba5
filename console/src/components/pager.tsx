import { useTranslation } from '../core/use-translation';

/**
 * Newest-first paging by id (`before`): the first page, and the next one after the oldest row shown.
 * `next` is null on the last page (fewer rows than asked for).
 */
export function Pager({
  atStart,
  next,
  onFirst,
  onNext,
}: {
  atStart: boolean;
  next: number | null;
  onFirst: () => void;
  onNext: (before: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="pager">
      <button type="button" className="btn" disabled={atStart} onClick={onFirst} data-testid="page-first">
        {t('paging.first')}
      </button>
      <button
        type="button"
        className="btn"
        disabled={next === null}
        onClick={() => next !== null && onNext(next)}
        data-testid="page-next"
      >
        {t('paging.older')}
      </button>
    </div>
  );
}

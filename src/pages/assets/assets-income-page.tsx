import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useSearchParams } from 'react-router-dom';
import type { JournalLine } from '../../../domain/assets';
import { JOURNAL_KIND_PATTERN } from '../../../domain/assets';
import { AsOf } from '../../components/as-of';
import { Screen } from '../../components/screen';
import { useUser } from '../../core/contexts';
import { usePrivateRead } from '../../core/use-private-read';
import { useCatalog } from '../../core/use-catalog';
import { RequireUser } from '../../components/require-user';
import { PAGE } from '../../core/use-paged';
import { usePrivateResync } from '../../core/use-private-events';
import type { Dated } from '../../../worker/core-api';
import { optionalAccount } from './assets-format';
import { JournalFilters } from './journal-filters';
import type { JournalFilter } from './journal-filters';
import { JournalList } from './journal-line';
import { LoadState } from '../../components/load-state';
import { useHistory } from '../../core/use-paged';

const lineId = (l: JournalLine) => l.id;

/** The filter a link or a reload put in the query (`?account=spot&coin=USDT&kind=transfer`). */
function filterOf(params: URLSearchParams): JournalFilter {
  const coin = params.get('coin') ?? '';
  const kind = params.get('kind') ?? '';
  return {
    account: optionalAccount(params.get('account')),
    // Shapes the server would refuse are dropped here rather than shown as an error.
    coin: /^[A-Z0-9]{1,20}$/.test(coin) ? coin : '',
    kind: JOURNAL_KIND_PATTERN.test(kind) ? kind : '',
  };
}

/** /pages/assets/assetsIncome: income and expense details from the journal, filtered and paged. */
export function AssetsIncomePage() {
  const { t } = useTranslation('assets');
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterOf(params), [params]);
  const { user } = useUser();
  const read = usePrivateRead();
  const { catalog } = useCatalog();
  const coins = useMemo(() => catalog?.coins.map((c) => c.symbol) ?? [], [catalog]);

  const fetchPage = useCallback(
    (before: number | undefined, onCached?: (c: Dated<JournalLine[]>) => void) =>
      user
        ? read(
            'assets/journal',
            {
              limit: PAGE,
              ...(filter.account && { account: filter.account }),
              ...(filter.coin && { coin: filter.coin }),
              ...(filter.kind && { kind: filter.kind }),
              ...(before !== undefined && { before }),
            },
            onCached,
          )
        : Promise.resolve(null),
    [read, user, filter],
  );
  const key = `${user?.id ?? ''}|${filter.account ?? ''}|${filter.coin}|${filter.kind}`;
  const paged = useHistory(key, fetchPage, lineId);
  // New lines may have been written while the app could not hear of them: read again on reconnect.
  usePrivateResync(user !== null, paged.reload);

  const change = (next: JournalFilter) => {
    const q: Record<string, string> = {};
    if (next.account) q.account = next.account;
    if (next.coin) q.coin = next.coin;
    if (next.kind) q.kind = next.kind;
    setParams(q, { replace: true });
  };

  const filtered = filter.account !== null || filter.coin !== '' || filter.kind !== '';
  return (
    <Screen backTo="/pages/assets/assets">
      <RequireUser>
        {() => (
          <>
            <JournalFilters value={filter} coins={coins} onChange={change} />
            <AsOf time={paged.time} testId="journal-as-of" />
            {paged.failed ? (
              <LoadState failed onRetry={() => void paged.reload()} testId="assets" />
            ) : (
              <JournalList
                catalogCoins={catalog?.coins ?? []}
                lines={paged.items}
                empty={filtered ? t('journal.emptyFiltered') : t('journal.empty')}
                paging={{ loading: paged.loading, done: paged.done, more: paged.more }}
              />
            )}
            {filtered && paged.items?.length === 0 && (
              <button
                type="button"
                className="btn btn--secondary btn--small assets-clear"
                onClick={() => change({ account: null, coin: '', kind: '' })}
                data-testid="clear-filters"
              >
                {t('journal.clearFilters')}
              </button>
            )}
          </>
        )}
      </RequireUser>
    </Screen>
  );
}

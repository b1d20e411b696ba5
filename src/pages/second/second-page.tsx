import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { SecondOption } from '../../../domain/second-endpoints';
import { formatAsOf } from '../../components/as-of-format';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { toast } from '../../components/toast';
import { useUser } from '../../core/contexts';
import { whenIdleAfterPaint } from '../../core/after-first-render';
import { useCatalog } from '../../core/use-catalog';
import { coinOf, numbersFor } from '../../i18n/numbers';
import { useTranslation } from '../../i18n/use-translation';
import { PairBar } from '../trade';
import { useBalances } from '../trade';
import { useTicker } from '../trade';
import { OpenOptions } from './open-options';
import { PriceChart } from './price-chart';
import { ResultCard } from './result-card';
import { StakeForm } from './stake-form';
import { useLocale, useNow } from './second-hooks';
import { useSecondState } from './use-second-state';
import { useSecondTerms } from './use-second-terms';
import { useTrades } from './use-trades';
import '../../styles/second.css';

// What a first visit does not draw before a tap or a sign-in, in chunks of their own: the receipt
// and the rules (closed sheets) and the history (signed in only, with its filter). In the page's
// first load they were a third of the options group.
const loadReceipt = () => import('./receipt-sheet');
const loadRules = () => import('./rules-sheet');
const ReceiptSheet = lazy(() => loadReceipt().then((m) => ({ default: m.ReceiptSheet })));
const RulesSheet = lazy(() => loadRules().then((m) => ({ default: m.RulesSheet })));
const OptionHistory = lazy(() => import('./option-history').then((m) => ({ default: m.OptionHistory })));

/** /pages/market/second?symbol=BTC/USDT: timed options settled from recorded trades (spec §2). */
export function SecondPage() {
  const { t } = useTranslation(['second', 'common']);
  const [params, setParams] = useSearchParams();
  const { user } = useUser();
  const { catalog } = useCatalog();
  const live = useSecondTerms();
  const state = useSecondState(user?.id ?? null);
  // The live terms, else the ones the worker last knew (the page renders offline after one visit).
  const terms = live.terms ?? state?.terms ?? null;
  const { failed, reload } = live;
  const wanted = params.get('symbol');
  const symbol = terms ? (wanted && terms.pairs.includes(wanted) ? wanted : terms.pairs[0]!) : null;
  const ticker = useTicker(symbol);
  const trades = useTrades(symbol);
  const { balances, reload: reloadBalances } = useBalances();
  const [receipt, setReceipt] = useState<SecondOption | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  // The sheets mount at their first opening and stay (they close with their own transition).
  const [rulesWanted, setRulesWanted] = useState(false);
  if (rulesOpen && !rulesWanted) setRulesWanted(true);
  const [receiptWanted, setReceiptWanted] = useState(false);
  if (receipt && !receiptWanted) setReceiptWanted(true);
  // Fetched when the main thread is idle after the first paint, so a first tap seldom waits.
  useEffect(
    () =>
      whenIdleAfterPaint(() => {
        void loadRules();
        void loadReceipt();
      }, 3_000),
    [],
  );
  const [results, setResults] = useState<SecondOption[]>([]);
  const [placed, setPlaced] = useState(0);
  const locale = useLocale();
  const now = useNow(15_000);

  const pairs = useMemo(
    () => (catalog && terms ? catalog.pairs.filter((p) => terms.pairs.includes(p.symbol)) : []),
    [catalog, terms],
  );
  const available =
    user && balances && terms
      ? (balances.find((b) => b.account === 'second' && b.coin === terms.coin)?.available ?? '0')
      : null;

  // Options seen open on this visit: when one turns up settled, its result is shown without a reload.
  const seenOpen = useRef(new Set<number>());
  useEffect(() => {
    if (!state) return;
    for (const o of state.open) seenOpen.current.add(o.id);
    const fresh = state.settled.filter((o) => seenOpen.current.delete(o.id));
    if (fresh.length === 0) return;
    setResults((prev) => [...fresh, ...prev].slice(0, 3));
    for (const o of fresh) {
      const key = o.result === 'won' ? 'toastWon' : o.result === 'lost' ? 'toastLost' : 'toastEqual';
      const show = o.result === 'won' ? toast.success : toast.info;
      show(
        t(`result.${key}`, {
          symbol: o.symbol,
          direction: t(o.direction),
          // The coin's display decimals, as the result card and the history show the amount.
          amount: numbersFor(locale).coin(o.credited ?? '0', coinOf(catalog?.coins, o.coin)),
          coin: o.coin,
        }),
      );
    }
    void reloadBalances();
  }, [state, t, reloadBalances, locale, catalog?.coins]);

  const onPlaced = useCallback(
    (o: SecondOption) => {
      seenOpen.current.add(o.id);
      setPlaced((n) => n + 1);
      void reloadBalances();
    },
    [reloadBalances],
  );

  const openHere = state?.open ?? [];
  const version = `${placed}|${state?.settled[0]?.id ?? 0}|${state?.settled.length ?? 0}`;
  const right = (
    <button
      type="button"
      className="btn btn--text second-rules-btn"
      onClick={() => setRulesOpen(true)}
      data-testid="open-rules"
    >
      {t('rules.open')}
    </button>
  );

  return (
    <Screen right={right} backTo="/pages/market/market">
      {!terms || !symbol ? (
        <div className="state">
          {failed ? (
            <button type="button" className="btn btn--primary" onClick={() => void reload()}>
              {t('common:actions.retry')}
            </button>
          ) : (
            <Spinner size={28} />
          )}
        </div>
      ) : (
        <div className="second-page">
          <PairBar
            symbol={symbol}
            pairs={pairs}
            ticker={ticker}
            onPick={(s) => setParams({ symbol: s }, { replace: true })}
          />
          <PriceChart
            trades={trades}
            entries={openHere.filter((o) => o.symbol === symbol).map((o) => o.entry.price)}
          />
          {results.map((o) => (
            <ResultCard
              key={o.id}
              option={o}
              onReceipt={setReceipt}
              onClose={() => setResults((prev) => prev.filter((x) => x.id !== o.id))}
            />
          ))}
          <StakeForm
            key={symbol}
            symbol={symbol}
            terms={terms}
            available={available}
            signedIn={user !== null}
            onPlaced={onPlaced}
          />
          {user && balances && available === '0' && (
            <Link className="btn btn--text" to="/pages/assets/transfer">
              {t('transfer')}
            </Link>
          )}
          {user && state && (
            <section aria-label={t('open.title')}>
              <div className="second-title-row">
                <h2 className="second-title">{t('open.title')}</h2>
                {state.cached && state.syncedAt !== null && (
                  <span className="data-age" data-testid="second-age">
                    <span className="data-age__dot" aria-hidden="true" />
                    {/* The saved time, not an age: "now" over a copy read offline said it was live. */}
                    {t('common:offline.asOf', { time: formatAsOf(state.syncedAt, now, locale) })}
                  </span>
                )}
              </div>
              {openHere.length === 0 ? (
                <p className="second-muted">{t('open.empty')}</p>
              ) : (
                <OpenOptions options={openHere} clockOffsetMs={state.clockOffsetMs} />
              )}
            </section>
          )}
          {/* A boundary each: a sheet still loading must not hide the history. */}
          <Suspense fallback={null}>
            {user && <OptionHistory pairs={terms.pairs} version={version} onReceipt={setReceipt} />}
          </Suspense>
          <Suspense fallback={null}>
            {receiptWanted && <ReceiptSheet option={receipt} onClose={() => setReceipt(null)} />}
          </Suspense>
          <Suspense fallback={null}>
            {rulesWanted && <RulesSheet open={rulesOpen} terms={terms} onClose={() => setRulesOpen(false)} />}
          </Suspense>
        </div>
      )}
    </Screen>
  );
}

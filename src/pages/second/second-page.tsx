import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { SecondOption } from '../../../domain/second-endpoints';
import type { SecondState } from '../../../worker/core-api';
import { formatAsOf } from '../../components/as-of-format';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { useUser } from '../../core/contexts';
import { whenIdleAfterPaint } from '../../core/after-first-render';
import { useCatalog } from '../../core/use-catalog';
import { useTranslation } from '../../i18n/use-translation';
import { useBalances } from '../trade';
import { OpenOptions } from './open-options';
import { ResultCard } from './result-card';
import { SecondMarket } from './second-market';
import { StakeForm } from './stake-form';
import { useLocale, useNow } from './second-hooks';
import { useSecondState } from './use-second-state';
import { useSecondTerms } from './use-second-terms';
import { useSettledResults } from './use-settled-results';
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
  const { balances, reload: reloadBalances } = useBalances();
  const sheets = useSheets(terms !== null);
  const { results, dismiss, onPlaced, placed } = useSettledResults(state, reloadBalances, catalog?.coins);

  const pairs = useMemo(
    () => (catalog && terms ? catalog.pairs.filter((p) => terms.pairs.includes(p.symbol)) : []),
    [catalog, terms],
  );
  const available =
    user && balances && terms
      ? (balances.find((b) => b.account === 'second' && b.coin === terms.coin)?.available ?? '0')
      : null;

  const openHere = state?.open;
  const entries = useMemo(
    () => (openHere ?? []).filter((o) => o.symbol === symbol).map((o) => o.entry.price),
    [openHere, symbol],
  );
  const onPick = useCallback((s: string) => setParams({ symbol: s }, { replace: true }), [setParams]);
  const version = `${placed}|${state?.settled[0]?.id ?? 0}|${state?.settled.length ?? 0}`;
  const right = (
    <button
      type="button"
      className="btn btn--text second-rules-btn"
      onClick={() => sheets.setRulesOpen(true)}
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
          <SecondMarket symbol={symbol} pairs={pairs} entries={entries} onPick={onPick} />
          {results.map((o) => (
            <ResultCard key={o.id} option={o} onReceipt={sheets.setReceipt} onClose={() => dismiss(o.id)} />
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
          {user && state && <OpenSection state={state} />}
          {/* A boundary each: a sheet still loading must not hide the history. */}
          <Suspense fallback={null}>
            {user && <OptionHistory pairs={terms.pairs} version={version} onReceipt={sheets.setReceipt} />}
          </Suspense>
          <Suspense fallback={null}>
            {sheets.receiptWanted && (
              <ReceiptSheet option={sheets.receipt} onClose={() => sheets.setReceipt(null)} />
            )}
          </Suspense>
          <Suspense fallback={null}>
            {sheets.rulesWanted && (
              <RulesSheet open={sheets.rulesOpen} terms={terms} onClose={() => sheets.setRulesOpen(false)} />
            )}
          </Suspense>
        </div>
      )}
    </Screen>
  );
}

/**
 * The receipt and rules sheets: open or closed, and whether each is mounted. A sheet mounts at its
 * first opening and stays (it closes with its own transition).
 */
function useSheets(shown: boolean) {
  const [receipt, setReceipt] = useState<SecondOption | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [rulesWanted, setRulesWanted] = useState(false);
  if (rulesOpen && !rulesWanted) setRulesWanted(true);
  const [receiptWanted, setReceiptWanted] = useState(false);
  if (receipt && !receiptWanted) setReceiptWanted(true);
  // Fetched when the main thread is idle after the page's content painted, so a first tap seldom
  // waits (not while the page still waits for its terms: their paint comes first on a slow link).
  useEffect(
    () =>
      shown
        ? whenIdleAfterPaint(() => {
            void loadRules();
            void loadReceipt();
          }, 3_000)
        : undefined,
    [shown],
  );
  return { receipt, setReceipt, receiptWanted, rulesOpen, setRulesOpen, rulesWanted };
}

/** The signed-in user's open options, dated when they are the worker's saved copy. */
function OpenSection({ state }: { state: SecondState }) {
  const { t } = useTranslation(['second', 'common']);
  const locale = useLocale();
  const now = useNow(15_000);
  const openHere = state.open;
  return (
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
  );
}

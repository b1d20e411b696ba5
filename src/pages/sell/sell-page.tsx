import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PairInfo } from '../../../domain/market';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { RequireUser } from '../../components/require-user';
import { useCatalog } from '../../core/use-catalog';
import { useTranslation } from '../../i18n/use-translation';
import { spotAvailable, useBalances } from '../trade';
import { ConfirmSellDialog } from './confirm-sell-dialog';
import { QuoteCard } from './quote-card';
import { AmountField, CoinPicker, Estimate, SellButton, SlippageField } from './sell-form';
import { useSellForm } from './use-sell-form';
import { useSellPreview } from './use-sell-preview';
import '../../styles/sell.css';

/** The coin the quick sell pays out. */
const PAYOUT = 'USDT';

function QuickSell({ pairs }: { pairs: readonly PairInfo[] }) {
  const { t } = useTranslation(['sell', 'common']);
  const { catalog } = useCatalog();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('coin');
  const pair = pairs.find((p) => p.base === wanted) ?? pairs[0]!;
  const { balances, reload } = useBalances();
  const available = balances ? spotAvailable(balances, pair.base) : null;
  const form = useSellForm(pair, () => void reload());
  const preview = useSellPreview(pair, form.qtyError ? '' : form.qty);
  return (
    <>
      <p className="muted">{t('intro')}</p>
      <CoinPicker pairs={pairs} value={pair.base} onPick={(coin) => setParams({ coin }, { replace: true })} />
      <AmountField form={form} pair={pair} available={available} />
      <SlippageField form={form} />
      {form.quote ? (
        <QuoteCard
          quote={form.quote}
          pair={pair}
          left={form.left}
          busy={form.busy}
          onRefresh={() => void form.getQuote()}
        />
      ) : (
        <Estimate preview={preview} pair={pair} />
      )}
      <SellButton form={form} pair={pair} />
      {form.quote && form.bound && form.slippage !== null && (
        <ConfirmSellDialog
          open={form.confirming}
          quote={form.quote}
          pair={pair}
          slippage={form.slippage}
          bound={form.bound}
          left={form.left}
          busy={form.busy}
          needsPassword={catalog?.tradePassword.spotOrder === 'always'}
          password={form.password}
          onPassword={form.setPassword}
          onConfirm={() => void form.confirm()}
          onCancel={form.cancel}
        />
      )}
    </>
  );
}

/** /pages/sell/sell: sell a coin for USDT at market from an exact quote with a slippage limit. */
export function SellPage() {
  const { t } = useTranslation(['sell', 'common']);
  const { catalog } = useCatalog();
  const pairs = useMemo(
    () => catalog?.pairs.filter((p) => p.quote === PAYOUT && p.status === 'trading') ?? null,
    [catalog],
  );
  const right = (
    <Link to="/pages/sell/log" className="btn btn--text" data-testid="sell-log-link">
      {t('log.link')}
    </Link>
  );
  return (
    <Screen right={right}>
      <RequireUser>
        {() =>
          pairs === null ? (
            <div className="state">
              <Spinner size={24} />
            </div>
          ) : pairs.length === 0 ? (
            <p className="muted center">{t('noMarkets')}</p>
          ) : (
            <div className="sell-page">
              <QuickSell pairs={pairs} />
            </div>
          )
        }
      </RequireUser>
    </Screen>
  );
}

import { useId } from 'react';
import type { PairInfo } from '../../../domain/market';
import type { SellQuote } from '../../../domain/sell-types';
import { CoinAmount } from '../../components/coin-amount';
import { SummaryDialog } from '../../components/summary-dialog';
import { useTranslation } from '../../i18n/use-translation';
import { useNumbers } from '../../i18n/use-numbers';

/** The last look before the sell: amounts of the quote, the slippage, the bound, the countdown. */
export function ConfirmSellDialog(props: {
  open: boolean;
  quote: SellQuote;
  pair: PairInfo;
  slippage: string;
  /** The lowest price a fill may take (the domain rule), on the tick. */
  bound: string;
  left: number;
  busy: boolean;
  /** The catalog asks for the trade password with spot orders. */
  needsPassword: boolean;
  password: string;
  onPassword(v: string): void;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { quote, pair, left } = props;
  const { t } = useTranslation(['sell', 'common']);
  const n = useNumbers();
  const pwId = useId();
  const expired = left <= 0;
  return (
    <SummaryDialog
      open={props.open}
      title={t('confirm.title')}
      rows={[
        [t('confirm.sell'), <CoinAmount value={quote.qty} coin={quote.coin} />, 'qty'],
        [t('confirm.receive'), <CoinAmount value={quote.received} coin={quote.quoteCoin} />, 'received'],
        [t('confirm.avgPrice'), n.price(quote.avgPrice, pair), 'avg'],
        [t('confirm.fee'), <CoinAmount value={quote.fee} coin={quote.quoteCoin} />, 'fee'],
        [t('confirm.slippage'), `${n.digits(props.slippage)}\u00a0%`, 'slippage'],
        [t('confirm.bound'), n.price(props.bound, pair), 'bound'],
        [t('quote.title'), expired ? t('quote.expired') : t('quote.validFor', { s: left }), 'countdown'],
      ]}
      confirmLabel={t('confirm.ok')}
      confirmClass="btn--sell"
      busy={props.busy}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
      testId="confirm-sell"
    >
      <p className="note" data-testid="confirm-sell-note">
        {t('confirm.note')}
      </p>
      {props.needsPassword && (
        <div className="field">
          <label className="field__label" htmlFor={pwId}>
            {t('confirm.tradePassword')}
          </label>
          <div className="field__control">
            <input
              id={pwId}
              type="password"
              className="field__input"
              autoComplete="off"
              value={props.password}
              onChange={(e) => props.onPassword(e.target.value)}
              data-testid="sell-trade-password"
            />
          </div>
        </div>
      )}
    </SummaryDialog>
  );
}

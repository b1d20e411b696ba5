import { memo } from 'react';
import type { SecondOption, SecondTermsInfo } from '../../../domain/second-endpoints';
import { CoinAmount } from '../../components/coin-amount';
import { useTranslation } from '../../i18n/use-translation';
import { PercentButtons } from '../trade';
import { ConfirmOptionDialog } from './confirm-option-dialog';
import { DirectionButtons, DurationPicker, StakeField } from './stake-form-parts';
import { useStakeForm } from './use-stake-form';

/** Props of {@link StakeForm}. */
export interface StakeFormProps {
  symbol: string;
  terms: SecondTermsInfo;
  /** Available balance of the `second` account, or null while unknown or signed out. */
  available: string | null;
  signedIn: boolean;
  onPlaced(option: SecondOption): void;
}

/**
 * Duration, amount with % shortcuts, exact payout preview, up or down, confirmation, placement.
 * Memoized: it renders again for its own inputs and its props, not for every trade on the page.
 */
export const StakeForm = memo(function StakeForm(props: StakeFormProps) {
  const { symbol, terms, available, signedIn } = props;
  const { t } = useTranslation(['second', 'common']);
  const form = useStakeForm(props);
  return (
    <section className="second-form" aria-label={t('amount')}>
      <DurationPicker durations={terms.durations} seconds={form.seconds} onPick={form.pickDuration} />
      <StakeField
        terms={terms}
        duration={form.duration}
        available={available}
        text={form.text}
        onEdit={form.edit}
        error={form.error}
      />
      <PercentButtons
        disabled={!signedIn || available === null}
        onPick={(pct) => void form.pickPercent(pct)}
      />
      <p className="second-form__payout">
        <span>{t('payoutIfWon')}</span>
        <strong data-testid="payout-preview">
          {/* As the confirmation, the history and the receipt show it: the coin's display decimals. */}
          <CoinAmount value={form.preview?.payout || null} coin={terms.coin} />
        </strong>
      </p>
      <DirectionButtons signedIn={signedIn} busy={form.busy} onReview={form.review} />
      <ConfirmOptionDialog
        direction={form.confirming}
        symbol={symbol}
        seconds={form.seconds}
        stake={form.stake}
        payout={form.preview?.payout ?? null}
        coin={terms.coin}
        busy={form.busy}
        onConfirm={() => void form.confirm()}
        onCancel={form.cancel}
      />
    </section>
  );
});

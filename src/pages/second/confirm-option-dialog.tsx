import type { OptionDirection } from '../../../domain/second-rules';
import { CoinAmount } from '../../components/coin-amount';
import { SummaryDialog } from '../../components/summary-dialog';
import { useTranslation } from '../../i18n/use-translation';

/** Props of {@link ConfirmOptionDialog}. */
export interface ConfirmOptionDialogProps {
  /** The direction about to be bought; null when closed. */
  direction: OptionDirection | null;
  symbol: string;
  /** The option's duration in seconds. */
  seconds: number;
  /** The stake as a wire decimal string, or '' while none is typed. */
  stake: string;
  /** The payout if won (decimal string), or null while unknown. */
  payout: string | null;
  /** The coin staked and paid out: both amounts are shown at its display decimals. */
  coin: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** The last look before the stake is frozen: market, direction, duration, stake, payout, the rule. */
export function ConfirmOptionDialog(p: ConfirmOptionDialogProps) {
  const { t } = useTranslation('second');
  const dir = p.direction ?? 'up';
  return (
    <SummaryDialog
      open={p.direction !== null}
      title={t('confirm.title')}
      rows={[
        [t('market'), p.symbol],
        [t('confirm.direction'), t(dir), 'direction'],
        [t('confirm.duration'), t('seconds', { n: p.seconds })],
        // Coin amounts at the coin's display decimals, as the history and the receipt show them.
        [t('confirm.stake'), <CoinAmount value={p.stake || null} coin={p.coin} />, 'stake'],
        [t('confirm.payout'), <CoinAmount value={p.payout || null} coin={p.coin} />, 'payout'],
      ]}
      confirmLabel={t('confirm.buy', { direction: t(dir) })}
      confirmClass={dir === 'up' ? 'btn--buy' : 'btn--sell'}
      busy={p.busy}
      onConfirm={p.onConfirm}
      onCancel={p.onCancel}
      testId="confirm-option"
    >
      <p className="note" data-testid="confirm-rule">
        {t('confirm.rule', { direction: t(dir === 'up' ? 'confirm.above' : 'confirm.below') })}
      </p>
      <p className="note">{t('confirm.frozen')}</p>
    </SummaryDialog>
  );
}

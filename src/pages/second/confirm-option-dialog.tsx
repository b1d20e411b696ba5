import { formatNumber } from '../../../domain/display';
import type { OptionDirection } from '../../../domain/second-rules';
import { SummaryDialog } from '../../components/summary-dialog';
import { useTranslation } from '../../i18n/use-translation';
import { useLocale } from './second-hooks';

/** Props of {@link ConfirmOptionDialog}. */
export interface ConfirmOptionDialogProps {
  /** The direction about to be bought; null when closed. */
  direction: OptionDirection | null;
  symbol: string;
  seconds: number;
  stake: string;
  payout: string | null;
  coin: string;
  stakeDecimals: number;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** The last look before the stake is frozen: market, direction, duration, stake, payout, the rule. */
export function ConfirmOptionDialog(p: ConfirmOptionDialogProps) {
  const { t } = useTranslation('second');
  const locale = useLocale();
  const fmt = (v: string) => formatNumber(v, { locale, decimals: p.stakeDecimals });
  const dir = p.direction ?? 'up';
  return (
    <SummaryDialog
      open={p.direction !== null}
      title={t('confirm.title')}
      rows={[
        [t('market'), p.symbol],
        [t('confirm.direction'), t(dir), 'direction'],
        [t('confirm.duration'), t('seconds', { n: p.seconds })],
        [t('confirm.stake'), `${p.stake ? fmt(p.stake) : '—'} ${p.coin}`, 'stake'],
        [t('confirm.payout'), `${p.payout ? fmt(p.payout) : '—'} ${p.coin}`, 'payout'],
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

import type { LeverPairTerms, LeverSide } from '../../../domain/lever';
import type { PairInfo } from '../../../domain/market';
import { CoinAmount } from '../../components/coin-amount';
import { useTranslation } from '../../i18n/use-translation';
import { defaultMultiple } from './lever-format';
import {
  HandsHint,
  LeverInput,
  LeverPreviewSection,
  LeverTabs,
  MarkNote,
  MultipleChips,
  usePreviewRows,
} from './lever-form-parts';

/** Props of {@link LeverFormFrame}. */
export interface LeverFormFrameProps {
  pair: PairInfo;
  pairTerms: LeverPairTerms;
  side: LeverSide;
  onSide(side: LeverSide): void;
  mark: string | null;
  available: string | null;
}

const nothing = () => undefined;

/**
 * The open form while its code loads: the same rows as the form (so it takes their place unmoved),
 * the direction already switchable, everything else shown but disabled until the form is here.
 */
export function LeverFormFrame({ pair, pairTerms, side, onSide, mark, available }: LeverFormFrameProps) {
  const { t } = useTranslation(['lever', 'errors', 'common']);
  const rows = usePreviewRows(pair, null);
  return (
    <div className="lever-form" aria-busy="true" data-testid="lever-form-frame">
      <LeverTabs side={side} onSide={onSide} type="market" onType={nothing} typeDisabled />
      <MultipleChips
        multiples={pairTerms.multiples}
        value={defaultMultiple(pairTerms.multiples)}
        onPick={nothing}
        disabled
      />
      <MarkNote mark={mark} />
      <LeverInput
        field="hands"
        label={t('fields.hands')}
        value=""
        onEdit={nothing}
        error={undefined}
        inputMode="numeric"
        testId="lever-hands-frame"
        disabled
      >
        <HandsHint pair={pair} pairTerms={pairTerms} />
      </LeverInput>
      <p className="lever-note">
        {t('fields.available')}: <CoinAmount value={available || null} coin={pair.quote} />
      </p>
      <LeverPreviewSection rows={rows} insufficient={false} />
      <button
        type="button"
        className={`btn btn--block ${side === 'long' ? 'btn--buy' : 'btn--sell'}`}
        disabled
      >
        {t(side === 'long' ? 'form.openLong' : 'form.openShort')}
      </button>
    </div>
  );
}

import { memo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { LeverSide } from '../../../domain/lever';
import { CoinAmount } from '../../components/coin-amount';
import { SummaryDialog } from '../../components/summary-dialog';
import { useOnline } from '../../components/use-online';
import { useLeverFormat } from './lever-format';
import {
  HandsHint,
  LeverInput,
  LeverPreviewSection,
  LeverTabs,
  MarkNote,
  MultipleChips,
  usePreviewRows,
} from './lever-form-parts';
import { useLeverForm, type LeverFormInput } from './use-lever-form';

/** Props of {@link LeverForm}. */
export interface LeverFormProps extends LeverFormInput {
  onSide(side: LeverSide): void;
}

/** The open form: direction, market or limit, multiple, hands, the exact pre-trade receipt, confirm. */
export const LeverForm = memo(function LeverForm(props: LeverFormProps) {
  const { pair, pairTerms, side, mark, available } = props;
  const { t } = useTranslation(['lever', 'errors', 'common']);
  const f = useLeverFormat();
  const form = useLeverForm(props);
  const { type, values, errors } = form;
  // Opening moves money: disabled and labelled while the server cannot be reached.
  const online = useOnline();
  const rows = usePreviewRows(pair, form.preview);

  return (
    <div className="lever-form" data-testid="lever-form">
      <LeverTabs side={side} onSide={props.onSide} type={type} onType={form.setType} />
      <MultipleChips multiples={pairTerms.multiples} value={form.multiple} onPick={form.setMultiple} />
      {type === 'limit' ? (
        <LeverInput
          field="price"
          label={`${t('fields.limitPrice')} (${pair.quote})`}
          value={values.price}
          onEdit={form.edit}
          error={errors.price}
          inputMode="decimal"
          testId="lever-price"
        />
      ) : (
        <MarkNote mark={mark} />
      )}
      <LeverInput
        field="hands"
        label={t('fields.hands')}
        value={values.hands}
        onEdit={form.edit}
        error={errors.hands}
        inputMode="numeric"
        testId="lever-hands"
      >
        <HandsHint pair={pair} pairTerms={pairTerms} />
      </LeverInput>
      {form.needPassword && (
        <LeverInput
          field="tradePassword"
          label={t('form.tradePassword')}
          value={values.tradePassword}
          onEdit={form.edit}
          error={errors.tradePassword}
          type="password"
          testId="lever-trade-password"
        />
      )}
      <p className="lever-note">
        {t('fields.available')}: <CoinAmount value={available || null} coin={pair.quote} />
      </p>
      <LeverPreviewSection rows={rows} insufficient={form.preview?.insufficient === true} />
      <button
        type="button"
        className={`btn btn--block ${side === 'long' ? 'btn--buy' : 'btn--sell'}`}
        onClick={form.submit}
        disabled={form.busy || !online}
        data-testid="lever-submit"
      >
        {online ? t(side === 'long' ? 'form.openLong' : 'form.openShort') : t('common:offline.needsNetwork')}
      </button>
      <SummaryDialog
        open={form.confirming}
        title={t('confirm.title')}
        rows={[
          [t('fields.pair'), pair.symbol],
          [t('fields.side'), `${t(`side.${side}`)} · ${t(`type.${type}`)} · ${form.multiple}×`],
          [t('fields.hands'), values.hands.trim(), 'hands'],
          // A market order has no limit: it opens at the last trade when the server receives it.
          type === 'limit'
            ? [t('fields.limitPrice'), f.digits(form.typedPrice), 'price']
            : [t('form.lastPrice'), f.digits(mark), 'price'],
          ...rows.map(([l, v, id]) => [l, v, id] as const),
        ]}
        confirmLabel={t('confirm.open')}
        confirmClass={side === 'long' ? 'btn--buy' : 'btn--sell'}
        busy={form.busy}
        onConfirm={() => void form.send()}
        onCancel={form.cancel}
        testId="lever-confirm-open"
      >
        <p className="note">{t(type === 'limit' ? 'confirm.limitFrozen' : 'confirm.frozen')}</p>
      </SummaryDialog>
    </div>
  );
});

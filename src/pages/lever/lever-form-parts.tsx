import type { ReactNode } from 'react';
import type { LeverOrderType, LeverPairTerms, LeverSide } from '../../../domain/lever';
import type { PairInfo } from '../../../domain/market';
import type { LeverPreview } from '../../../worker/core-api';
import { CoinAmount } from '../../components/coin-amount';
import { useTranslation } from '../../i18n/use-translation';
import { NONE, useLeverFormat } from './lever-format';
import type { LeverField } from './use-lever-form';

/** One line of the pre-trade receipt: label, value, and the id its value's testid ends with. */
export type PreviewRow = [label: string, value: ReactNode, id: string];

/**
 * The pre-trade receipt's lines, shown under the form and again in the confirmation. Amounts of the
 * quote coin at its display decimals, exact on tap: as the position card and receipt.
 */
export function usePreviewRows(pair: PairInfo, preview: LeverPreview | null): PreviewRow[] {
  const { t } = useTranslation(['lever', 'errors', 'common']);
  const f = useLeverFormat();
  const coin = (v: string | null | undefined) => <CoinAmount value={v || null} coin={pair.quote} />;
  return [
    [t('fields.size'), preview?.size ? `${f.plain(preview.size)} ${pair.base}` : NONE, 'size'],
    [t('fields.margin'), coin(preview?.margin), 'margin'],
    [t('fields.openFee'), coin(preview?.openFee), 'openFee'],
    [t('fields.overnightPerDay'), coin(preview?.overnightPerDay), 'overnight'],
    [t('fields.liquidationPrice'), f.price(preview?.liquidationPrice, pair.tickSize), 'liquidation'],
    [t('fields.availableAfter'), coin(preview?.availableAfter), 'after'],
  ];
}

/** Long or short, then market or limit: the two rows of tabs on top of the form. */
export function LeverTabs(props: {
  side: LeverSide;
  onSide(side: LeverSide): void;
  type: LeverOrderType;
  onType(type: LeverOrderType): void;
  /** The type tabs shown but not yet switchable (the form's frame while its code loads). */
  typeDisabled?: boolean;
}) {
  const { side, type } = props;
  const { t } = useTranslation(['lever', 'errors', 'common']);
  return (
    <>
      <div className="side-tabs" role="tablist">
        {(['long', 'short'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={side === s}
            className={`side-tabs__item side-tabs__item--${s === 'long' ? 'buy' : 'sell'}${side === s ? ' side-tabs__item--active' : ''}`}
            onClick={() => props.onSide(s)}
            data-testid={`lever-side-${s}`}
          >
            {t(`side.${s}`)}
          </button>
        ))}
      </div>
      <div className="segmented segmented--small" role="tablist">
        {(['market', 'limit'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={type === k}
            className={`segmented__item${type === k ? ' segmented__item--active' : ''}`}
            onClick={() => props.onType(k)}
            disabled={props.typeDisabled}
            data-testid={`lever-type-${k}`}
          >
            {t(`type.${k}`)}
          </button>
        ))}
      </div>
    </>
  );
}

/** The multiples the market offers, as chips; `value` is the one in force. */
export function MultipleChips(props: {
  multiples: readonly number[];
  value: number;
  onPick(m: number): void;
  /** Shown but not yet pickable (the form's frame while its code loads). */
  disabled?: boolean;
}) {
  const { t } = useTranslation(['lever', 'errors', 'common']);
  return (
    <>
      <p className="field__label">{t('fields.multiple')}</p>
      <div className="lever-multiples" role="radiogroup" aria-label={t('fields.multiple')}>
        {props.multiples.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={props.value === m}
            className={`chip${props.value === m ? ' chip--active' : ''}`}
            onClick={() => props.onPick(m)}
            disabled={props.disabled}
            data-testid={`lever-multiple-${m}`}
          >
            {m}×
          </button>
        ))}
      </div>
    </>
  );
}

/** One input of the form with its label, an optional note under it and its problem. */
export function LeverInput(props: {
  field: LeverField;
  label: string;
  value: string;
  onEdit(field: LeverField, value: string): void;
  /** A problem's key (a client check) or a translated text (a server answer). */
  error: string | undefined;
  inputMode?: 'decimal' | 'numeric';
  type?: 'password';
  testId: string;
  children?: ReactNode;
  /** Shown empty and not yet editable (the form's frame while its code loads). */
  disabled?: boolean;
}) {
  const { t } = useTranslation(['lever', 'errors', 'common']);
  const { field, error } = props;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label">
        {props.label}
        <div className="field__control">
          <input
            className="field__input"
            type={props.type}
            inputMode={props.inputMode}
            autoComplete="off"
            value={props.value}
            onChange={(e) => props.onEdit(field, e.target.value)}
            disabled={props.disabled}
            data-testid={props.testId}
          />
        </div>
      </label>
      {props.children}
      {error && (
        <p className="field__error" role="alert" data-field={field}>
          {/* Client checks hold keys; server answers are already translated texts. */}
          {error.includes(' ') ? error : t(`errors:${error}` as never)}
        </p>
      )}
    </div>
  );
}

/** A market order's price: the last trade, or a note that there is none yet. */
export function MarkNote({ mark }: { mark: string | null }) {
  const { t } = useTranslation(['lever', 'errors', 'common']);
  const f = useLeverFormat();
  return (
    // Label and price on two lines of their own, the price on one line at most: the long
    // no-price text wrapped to two lines in the narrow column and the price that replaced it
    // took one, moving the preview below (a 0.023 layout shift at Lighthouse's 412 px).
    <p className="lever-note lever-note--mark">
      {t('form.marketPrice')}:{' '}
      <strong data-testid="lever-mark" title={mark ? undefined : t('form.noPrice')}>
        {mark ? f.digits(mark) : t('form.noPrice')}
      </strong>
    </p>
  );
}

/** The pre-trade receipt under the form, and a warning when the balance does not cover it. */
export function LeverPreviewSection({ rows, insufficient }: { rows: PreviewRow[]; insufficient: boolean }) {
  const { t } = useTranslation(['lever', 'errors', 'common']);
  return (
    <section className="lever-preview" aria-label={t('form.preview')} data-testid="lever-preview">
      <h3 className="lever-preview__title">{t('form.preview')}</h3>
      <dl className="summary-rows">
        {rows.map(([label, value, id]) => (
          <div key={id} className="confirm-order__row">
            <dt>{label}</dt>
            <dd data-testid={`preview-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {insufficient && (
        <p className="field__error" role="alert" data-testid="lever-insufficient">
          {t('form.insufficient')}
        </p>
      )}
    </section>
  );
}

/** Under the hands field: the market's bounds and what one hand (lot) holds. */
export function HandsHint({ pair, pairTerms }: { pair: PairInfo; pairTerms: LeverPairTerms }) {
  const { t } = useTranslation(['lever', 'errors', 'common']);
  return (
    <p className="note">
      {t('form.handsHint', {
        min: pairTerms.minHands,
        max: pairTerms.maxHands,
        lot: pairTerms.lot,
        base: pair.base,
      })}
    </p>
  );
}

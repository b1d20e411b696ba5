import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { LeverOrderType, LeverPairTerms, LeverSide, LeverTerms } from '../../../domain/lever';
import { localeSeparators, parseAmount } from '../../../domain/display';
import { stepDecimals } from '../../../domain/market';
import type { PairInfo } from '../../../domain/market';
import type { LeverPreview } from '../../../worker/core-api';
import { CoinAmount } from '../../components/coin-amount';
import { SummaryDialog } from '../../components/summary-dialog';
import { toast } from '../../components/toast';
import { useOnline } from '../../components/use-online';
import { useCore } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { errorMessage } from '../../i18n/i18n';
import { readAmount } from '../../i18n/numbers';
import { NONE, useLeverFormat } from './lever-format';

const FIELDS = ['hands', 'price', 'multiple', 'tradePassword'] as const;
type Field = (typeof FIELDS)[number];

/** Props of {@link LeverForm}. */
export interface LeverFormProps {
  pair: PairInfo;
  pairTerms: LeverPairTerms;
  terms: LeverTerms;
  side: LeverSide;
  onSide(side: LeverSide): void;
  /** The contract price now (the last trade), or null when none is known. */
  mark: string | null;
  /** Available lever balance of the margin coin, or null while unknown. */
  available: string | null;
  /** A price tapped in the order book (`n` counts taps): the order becomes a limit at that price. */
  picked: { price: string; n: number } | null;
  onOpened(): void;
}

/**
 * Client checks before asking the server: presence, whole hands within bounds, a listed multiple,
 * and a limit price in the reader's `locale` with at most the tick's decimals (issue 10's one rule).
 */
function problems(
  v: { hands: string; price: string; tradePassword: string },
  type: LeverOrderType,
  pt: LeverPairTerms,
  needPassword: boolean,
  price: { locale: string; decimals: number },
): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  const h = v.hands.trim();
  if (!h) out.hands = 'required';
  else if (!/^\d+(\.\d+)?$/.test(h)) out.hands = 'amountFormat';
  else if (!/^\d+$/.test(h)) out.hands = 'leverHandsWhole';
  else if (Number(h) < pt.minHands || Number(h) > pt.maxHands) out.hands = 'handsOutOfBounds';
  if (type === 'limit') {
    const read = readAmount(v.price, price.locale, price.decimals);
    if ('problem' in read) {
      const p = read.problem;
      out.price = typeof p === 'string' ? p : errorMessage('tooManyDecimals', { decimals: p.decimals });
    }
  }
  if (needPassword && !v.tradePassword) out.tradePassword = 'required';
  return out;
}

/** The open form: direction, market or limit, multiple, hands, the exact pre-trade receipt, confirm. */
export function LeverForm(props: LeverFormProps) {
  const { pair, pairTerms, terms, side, mark, available } = props;
  const { t } = useTranslation(['lever', 'errors', 'common']);
  const f = useLeverFormat();
  const { core } = useCore();
  const call = useCall();
  const [type, setType] = useState<LeverOrderType>('market');
  const [picked, setMultiple] = useState(10);
  // Another market may not offer the multiple picked before: fall back to its first.
  const multiple = pairTerms.multiples.includes(picked) ? picked : pairTerms.multiples[0]!;
  const [values, setValues] = useState({ hands: '', price: '', tradePassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [preview, setPreview] = useState<LeverPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // Opening moves money: disabled and labelled while the server cannot be reached.
  const online = useOnline();
  const needPassword = terms.tradePassword === 'always';
  // A new tap in the book: adjust the form during render (React's pattern for a prop change). The
  // picked price arrives as a wire decimal; the field shows it as this locale writes it.
  const [seenPick, setSeenPick] = useState(0);
  if (props.picked && props.picked.n !== seenPick) {
    setSeenPick(props.picked.n);
    setType('limit');
    setValues((p) => ({ ...p, price: props.picked!.price.replace('.', localeSeparators(f.locale).decimal) }));
  }
  // The worker reads wire decimals: the typed price as this locale writes it (`64.000,5` in id).
  const typedPrice = parseAmount(values.price, f.locale);
  const price = type === 'limit' ? (typedPrice ?? '') : mark;

  useEffect(() => {
    let gone = false;
    core
      .previewLever({
        side,
        price,
        hands: values.hands,
        multiple,
        lot: pairTerms.lot,
        tickSize: pair.tickSize,
        openFeeRate: terms.openFeeRate,
        overnightRate: terms.overnightRate,
        liquidationRiskRate: terms.liquidationRiskRate,
        available,
      })
      .then(
        (p) => !gone && setPreview(p),
        (e: unknown) => console.error('previewLever failed', e),
      );
    return () => {
      gone = true;
    };
  }, [core, side, price, values.hands, multiple, pairTerms, pair.tickSize, terms, available]);

  const edit = (k: Field, v: string) => {
    setValues((p) => ({ ...p, [k]: v }));
    setErrors((p) => ({ ...p, [k]: undefined }));
  };

  const submit = () => {
    const found = problems(values, type, pairTerms, needPassword, {
      locale: f.locale,
      decimals: stepDecimals(pair.tickSize),
    });
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  const send = async () => {
    if (busy) return;
    setBusy(true);
    const out = await call(
      'lever/open',
      {
        symbol: pair.symbol,
        side,
        type,
        multiple,
        hands: values.hands.trim(),
        ...(type === 'limit' && { price: typedPrice ?? values.price.trim() }),
        ...(needPassword && { tradePassword: values.tradePassword }),
      },
      { fields: FIELDS },
    );
    setBusy(false);
    setConfirming(false);
    setValues((p) => ({ ...p, tradePassword: '' }));
    if (out.ok) {
      toast.success(t(out.data.status === 'trading' ? 'done.opened' : 'done.placed'));
      props.onOpened();
    } else if (out.field && (FIELDS as readonly string[]).includes(out.field)) {
      setErrors({ [out.field]: out.message ?? out.messageKey });
    }
  };

  const errorOf = (k: Field) => {
    const e = errors[k];
    if (!e) return null;
    return (
      <p className="field__error" role="alert" data-field={k}>
        {/* Client checks hold keys; server answers are already translated texts. */}
        {e.includes(' ') ? e : t(`errors:${e}` as never)}
      </p>
    );
  };

  // Amounts of the quote coin at its display decimals, exact on tap: as the position card and receipt.
  const coin = (v: string | null | undefined) => <CoinAmount value={v || null} coin={pair.quote} />;
  const rows: [string, ReactNode, string][] = [
    [t('fields.size'), preview?.size ? `${f.plain(preview.size)} ${pair.base}` : NONE, 'size'],
    [t('fields.margin'), coin(preview?.margin), 'margin'],
    [t('fields.openFee'), coin(preview?.openFee), 'openFee'],
    [t('fields.overnightPerDay'), coin(preview?.overnightPerDay), 'overnight'],
    [t('fields.liquidationPrice'), f.price(preview?.liquidationPrice, pair.tickSize), 'liquidation'],
    [t('fields.availableAfter'), coin(preview?.availableAfter), 'after'],
  ];

  return (
    <div className="lever-form" data-testid="lever-form">
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
            onClick={() => setType(k)}
            data-testid={`lever-type-${k}`}
          >
            {t(`type.${k}`)}
          </button>
        ))}
      </div>
      <p className="field__label">{t('fields.multiple')}</p>
      <div className="lever-multiples" role="radiogroup" aria-label={t('fields.multiple')}>
        {pairTerms.multiples.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={multiple === m}
            className={`chip${multiple === m ? ' chip--active' : ''}`}
            onClick={() => setMultiple(m)}
            data-testid={`lever-multiple-${m}`}
          >
            {m}×
          </button>
        ))}
      </div>
      {type === 'limit' ? (
        <div className={`field${errors.price ? ' field--error' : ''}`}>
          <label className="field__label">
            {`${t('fields.limitPrice')} (${pair.quote})`}
            <div className="field__control">
              <input
                className="field__input"
                inputMode="decimal"
                autoComplete="off"
                value={values.price}
                onChange={(e) => edit('price', e.target.value)}
                data-testid="lever-price"
              />
            </div>
          </label>
          {errorOf('price')}
        </div>
      ) : (
        // Label and price on two lines of their own, the price on one line at most: the long
        // no-price text wrapped to two lines in the narrow column and the price that replaced it
        // took one, moving the preview below (a 0.023 layout shift at Lighthouse's 412 px).
        <p className="lever-note lever-note--mark">
          {t('form.marketPrice')}:{' '}
          <strong data-testid="lever-mark" title={mark ? undefined : t('form.noPrice')}>
            {mark ? f.digits(mark) : t('form.noPrice')}
          </strong>
        </p>
      )}
      <div className={`field${errors.hands ? ' field--error' : ''}`}>
        <label className="field__label">
          {t('fields.hands')}
          <div className="field__control">
            <input
              className="field__input"
              inputMode="numeric"
              autoComplete="off"
              value={values.hands}
              onChange={(e) => edit('hands', e.target.value)}
              data-testid="lever-hands"
            />
          </div>
        </label>
        <p className="note">
          {t('form.handsHint', {
            min: pairTerms.minHands,
            max: pairTerms.maxHands,
            lot: pairTerms.lot,
            base: pair.base,
          })}
        </p>
        {errorOf('hands')}
      </div>
      {needPassword && (
        <div className={`field${errors.tradePassword ? ' field--error' : ''}`}>
          <label className="field__label">
            {t('form.tradePassword')}
            <div className="field__control">
              <input
                className="field__input"
                type="password"
                autoComplete="off"
                value={values.tradePassword}
                onChange={(e) => edit('tradePassword', e.target.value)}
                data-testid="lever-trade-password"
              />
            </div>
          </label>
          {errorOf('tradePassword')}
        </div>
      )}
      <p className="lever-note">
        {t('fields.available')}: {coin(available)}
      </p>
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
        {preview?.insufficient && (
          <p className="field__error" role="alert" data-testid="lever-insufficient">
            {t('form.insufficient')}
          </p>
        )}
      </section>
      <button
        type="button"
        className={`btn btn--block ${side === 'long' ? 'btn--buy' : 'btn--sell'}`}
        onClick={submit}
        disabled={busy || !online}
        data-testid="lever-submit"
      >
        {online ? t(side === 'long' ? 'form.openLong' : 'form.openShort') : t('common:offline.needsNetwork')}
      </button>
      <SummaryDialog
        open={confirming}
        title={t('confirm.title')}
        rows={[
          [t('fields.pair'), pair.symbol],
          [t('fields.side'), `${t(`side.${side}`)} · ${t(`type.${type}`)} · ${multiple}×`],
          [t('fields.hands'), values.hands.trim(), 'hands'],
          // A market order has no limit: it opens at the last trade when the server receives it.
          type === 'limit'
            ? [t('fields.limitPrice'), f.digits(typedPrice), 'price']
            : [t('form.lastPrice'), f.digits(mark), 'price'],
          ...rows.map(([l, v, id]) => [l, v, id] as const),
        ]}
        confirmLabel={t('confirm.open')}
        confirmClass={side === 'long' ? 'btn--buy' : 'btn--sell'}
        busy={busy}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
        testId="lever-confirm-open"
      >
        <p className="note">{t(type === 'limit' ? 'confirm.limitFrozen' : 'confirm.frozen')}</p>
      </SummaryDialog>
    </div>
  );
}

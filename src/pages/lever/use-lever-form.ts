import { useEffect, useState } from 'react';
import type { LeverOrderType, LeverPairTerms, LeverSide, LeverTerms } from '../../../domain/lever';
import { localeSeparators, parseAmount } from '../../../domain/display';
import { stepDecimals } from '../../../domain/market';
import type { PairInfo } from '../../../domain/market';
import type { LeverPreview } from '../../../worker/core-api';
import { toast } from '../../components/toast';
import { useCore } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { errorMessage } from '../../i18n/i18n';
import { readAmount } from '../../i18n/numbers';
import { useTranslation } from '../../i18n/use-translation';
import { defaultMultiple, useLeverFormat } from './lever-format';

const FIELDS = ['hands', 'price', 'multiple', 'tradePassword'] as const;

/** A field of the open form that can show a problem. */
export type LeverField = (typeof FIELDS)[number];

/** What the open form is given: the market, its terms, the side and the prices around it. */
export interface LeverFormInput {
  pair: PairInfo;
  pairTerms: LeverPairTerms;
  terms: LeverTerms;
  side: LeverSide;
  /** The contract price now (the last trade), or null when none is known. */
  mark: string | null;
  /** Available lever balance of the margin coin, or null while unknown. */
  available: string | null;
  /** A price tapped in the order book (`n` counts taps): the order becomes a limit at that price. */
  picked: { price: string; n: number } | null;
  onOpened(): void;
}

/** The open form's state and its steps, from {@link useLeverForm}. */
export interface LeverFormState {
  type: LeverOrderType;
  setType(type: LeverOrderType): void;
  /** The multiple in force: the one picked, or the market's first when it does not offer that one. */
  multiple: number;
  setMultiple(multiple: number): void;
  values: { hands: string; price: string; tradePassword: string };
  errors: Partial<Record<LeverField, string>>;
  edit(field: LeverField, value: string): void;
  /** The worker's exact pre-trade receipt of what is typed now; null before its first answer. */
  preview: LeverPreview | null;
  /** The typed limit price as a wire decimal, or null when it does not read as a number. */
  typedPrice: string | null;
  needPassword: boolean;
  confirming: boolean;
  cancel(): void;
  busy: boolean;
  /** Checks the fields and opens the confirmation when they pass. */
  submit(): void;
  /** Sends the confirmed order. */
  send(): Promise<void>;
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
): Partial<Record<LeverField, string>> {
  const out: Partial<Record<LeverField, string>> = {};
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

/** The worker's exact receipt of the order as typed, asked again on every change. */
function useLeverPreview(input: LeverFormInput, price: string | null, hands: string, multiple: number) {
  const { pair, pairTerms, terms, side, available } = input;
  const { core } = useCore();
  const [preview, setPreview] = useState<LeverPreview | null>(null);
  useEffect(() => {
    let gone = false;
    core
      .previewLever({
        side,
        price,
        hands,
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
  }, [core, side, price, hands, multiple, pairTerms, pair.tickSize, terms, available]);
  return preview;
}

/**
 * State, checks and submission of the lever open form: the typed values in the reader's locale, a
 * tap in the book turning the order into a limit at that price, the live preview, the client checks,
 * the confirmation and the `lever/open` request (its field problems land next to their fields).
 */
export function useLeverForm(input: LeverFormInput): LeverFormState {
  const { pair, pairTerms, terms, side, mark } = input;
  const { t } = useTranslation(['lever', 'errors', 'common']);
  const f = useLeverFormat();
  const call = useCall();
  const [type, setType] = useState<LeverOrderType>('market');
  const [picked, setMultiple] = useState(10);
  // Another market may not offer the multiple picked before: fall back to its first.
  const multiple = defaultMultiple(pairTerms.multiples, picked);
  const [values, setValues] = useState({ hands: '', price: '', tradePassword: '' });
  const [errors, setErrors] = useState<Partial<Record<LeverField, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const needPassword = terms.tradePassword === 'always';
  // A new tap in the book: adjust the form during render (React's pattern for a prop change). The
  // picked price arrives as a wire decimal; the field shows it as this locale writes it.
  const [seenPick, setSeenPick] = useState(0);
  if (input.picked && input.picked.n !== seenPick) {
    setSeenPick(input.picked.n);
    setType('limit');
    setValues((p) => ({ ...p, price: input.picked!.price.replace('.', localeSeparators(f.locale).decimal) }));
  }
  // The worker reads wire decimals: the typed price as this locale writes it (`64.000,5` in id).
  const typedPrice = parseAmount(values.price, f.locale);
  const price = type === 'limit' ? (typedPrice ?? '') : mark;
  const preview = useLeverPreview(input, price, values.hands, multiple);

  const edit = (k: LeverField, v: string) => {
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
      input.onOpened();
    } else if (out.field && (FIELDS as readonly string[]).includes(out.field)) {
      setErrors({ [out.field]: out.message ?? out.messageKey });
    }
  };

  return {
    type,
    setType,
    multiple,
    setMultiple,
    values,
    errors,
    edit,
    preview,
    typedPrice,
    needPassword,
    confirming,
    cancel: () => setConfirming(false),
    busy,
    submit,
    send,
  };
}

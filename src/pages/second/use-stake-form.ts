import { useEffect, useMemo, useRef, useState } from 'react';
import { parseAmount } from '../../../domain/display';
import type { ErrorKey } from '../../../domain/errors';
import type { PlaceOptionReq, SecondOption, SecondTermsInfo } from '../../../domain/second-endpoints';
import type { OptionDirection } from '../../../domain/second-rules';
import type { SecondPreview } from '../../../worker/core-api';
import { toast } from '../../components/toast';
import { useCore } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { useTranslation } from '../../i18n/use-translation';
import { newClientOrderId } from '../trade';
import { useLocale } from './second-hooks';

/** Failures after which the option may or may not exist: a retry must reuse the same client id. */
const UNCERTAIN: readonly (string | undefined)[] = ['timeout', 'offline', 'serverFault'];

/** The stake form's state and its steps, from {@link useStakeForm}. */
export interface StakeFormState {
  /** The duration picked, in seconds. */
  seconds: number;
  duration: SecondTermsInfo['durations'][number];
  pickDuration(seconds: number): void;
  /** The amount as typed, in the reader's locale. */
  text: string;
  edit(text: string): void;
  /** The stake as a wire decimal, '' while nothing is typed, `x` when it does not read as a number. */
  stake: string;
  error: ErrorKey | null;
  /** The worker's payout preview of the stake and duration; null before its first answer. */
  preview: SecondPreview | null;
  /** Fills in that share (%) of `available`, floored to the stake's decimals. */
  pickPercent(pct: number): Promise<void>;
  /** The direction being confirmed, or null. */
  confirming: OptionDirection | null;
  review(direction: OptionDirection): void;
  cancel(): void;
  busy: boolean;
  confirm(): Promise<void>;
}

/** What {@link useStakeForm} needs from the form's props. */
export interface StakeFormInput {
  symbol: string;
  terms: SecondTermsInfo;
  /** Available balance of the `second` account, or null while unknown or signed out. */
  available: string | null;
  /** Signed out, the form cannot be used (a sign-in link stands for its buttons): no preview. */
  signedIn: boolean;
  onPlaced(option: SecondOption): void;
}

/**
 * State and placement of the option stake form: duration, amount (shares of the balance through
 * the worker), the exact payout preview, the check before the confirmation and `second/place`. A
 * retry after an uncertain failure reuses the client id, so the server places the option once.
 */
export function useStakeForm({
  symbol,
  terms,
  available,
  signedIn,
  onPlaced,
}: StakeFormInput): StakeFormState {
  const { t } = useTranslation(['second', 'common']);
  const { core } = useCore();
  const call = useCall();
  const locale = useLocale();
  const [seconds, setSeconds] = useState(terms.durations[0]?.seconds ?? 0);
  const [text, setText] = useState('');
  const [error, setError] = useState<ErrorKey | null>(null);
  const [preview, setPreview] = useState<SecondPreview | null>(null);
  const [confirming, setConfirming] = useState<OptionDirection | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = useRef<{ signature: string; id: string } | null>(null);
  const duration = terms.durations.find((d) => d.seconds === seconds) ?? terms.durations[0]!;
  const stake = useMemo(() => parseAmount(text, locale) ?? (text.trim() === '' ? '' : 'x'), [text, locale]);

  useEffect(() => {
    // A visitor cannot stake: the preview's code (and its decimals) would load for nothing, on a
    // first visit beside the page's own reads.
    if (!signedIn) return;
    let live = true;
    void core
      .previewSecond({ stake, duration, stakeDecimals: terms.stakeDecimals })
      .then((p) => live && setPreview(p));
    return () => {
      live = false;
    };
  }, [core, stake, duration, terms.stakeDecimals, signedIn]);

  const pickPercent = async (pct: number) => {
    if (available === null) return;
    const p = await core.previewSecond({
      stake: '',
      duration,
      stakeDecimals: terms.stakeDecimals,
      available,
      percent: pct,
    });
    if (p.share !== null) {
      setText(p.share);
      setError(null);
    }
  };

  const review = (direction: OptionDirection) => {
    if (preview?.problem) {
      setError(preview.problem);
      return;
    }
    setError(null);
    setConfirming(direction);
  };

  const confirm = async () => {
    if (!confirming || busy) return;
    const req: PlaceOptionReq = { symbol, seconds, direction: confirming, stake };
    const signature = JSON.stringify(req);
    if (pending.current?.signature !== signature) pending.current = { signature, id: newClientOrderId() };
    setBusy(true);
    try {
      const out = await call(
        'second/place',
        { ...req, clientOrderId: pending.current.id },
        { fields: ['stake'] },
      );
      if (out.ok || !UNCERTAIN.includes(out.messageKey ?? out.intent)) pending.current = null;
      setConfirming(null);
      if (out.ok) {
        toast.success(t('confirm.placed'));
        setText('');
        onPlaced(out.data);
      } else if (out.field === 'stake' && out.messageKey) {
        setError(out.messageKey);
      } else if (out.messageKey === 'noOptimalPrice') {
        setError('noOptimalPrice');
      }
    } finally {
      setBusy(false);
    }
  };

  return {
    seconds,
    duration,
    pickDuration: (s) => {
      setSeconds(s);
      setError(null);
    },
    text,
    edit: (v) => {
      setText(v);
      setError(null);
    },
    stake,
    error,
    preview,
    pickPercent,
    confirming,
    review,
    cancel: () => setConfirming(null),
    busy,
    confirm,
  };
}

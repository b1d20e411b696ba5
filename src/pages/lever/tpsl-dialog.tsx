import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { parseAmount } from '../../../domain/display';
import type { LeverLivePosition } from '../../../worker/core-api';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { toast } from '../../components/toast';
import { useCore } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { numbersFor } from '../../i18n/numbers';
import { CoinAmount } from '../../components/coin-amount';
import { pnlClass, useLeverFormat } from './lever-format';

const FIELDS = ['tp', 'sl'] as const;

/** Stands for the amount in the sentence, which is cut there to put the amount element in. */
const SLOT = '\u0000';

/**
 * "PnL at this price: +12.3456 USDT": the PnL (a decimal string in `coin`) at the coin's display
 * decimals with the exact value on tap, as the position card shows it.
 */
export function PnlAt({ pnl, coin, testId }: { pnl: string; coin: string; testId: string }) {
  const { t } = useTranslation('lever');
  // The sentence places the amount where each language wants it; the amount is an element.
  const [before = '', after = ''] = t('tpsl.pnlAt', { pnl: SLOT }).split(SLOT);
  return (
    <p className={`lever-note ${pnlClass(pnl)}`} data-testid={testId}>
      {before}
      <CoinAmount value={pnl} coin={coin} signed />
      {after}
    </p>
  );
}

/** One price input with the PnL the position would make if it closed there. */
function PriceInput(props: {
  label: string;
  value: string;
  pnl: string | null;
  coin: string;
  error: string | null;
  testId: string;
  onChange(v: string): void;
}) {
  return (
    <div className={`field${props.error ? ' field--error' : ''}`}>
      <label className="field__label">
        {props.label}
        <div className="field__control">
          <input
            className="field__input"
            inputMode="decimal"
            autoComplete="off"
            value={props.value}
            onChange={(e) => props.onChange(e.target.value)}
            data-testid={props.testId}
          />
        </div>
      </label>
      {props.pnl !== null && <PnlAt pnl={props.pnl} coin={props.coin} testId={`${props.testId}-pnl`} />}
      {props.error && (
        <p className="field__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** Sets or changes take-profit and stop-loss, showing the PnL at each price before saving. */
export function TpSlDialog({
  position,
  onClose,
  onSaved,
}: {
  position: LeverLivePosition | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation(['lever', 'common']);
  const f = useLeverFormat();
  const { core } = useCore();
  const call = useCall();
  // A price as typed in this locale (`70.000,5` in id) as the wire writes it; empty clears it.
  const wire = useCallback(
    (text: string) => (text.trim() ? (parseAmount(text, f.locale) ?? text.trim()) : ''),
    [f.locale],
  );
  // Mounted with a key per position, so the fields start from that position's values (written as
  // the user would type them here).
  const [values, setValues] = useState(() => {
    const typed = (v: string | null | undefined) => (v ? numbersFor(f.locale).input(v) : '');
    return { tp: typed(position?.tp), sl: typed(position?.sl) };
  });
  const [pnl, setPnl] = useState<{ tp: string | null; sl: string | null }>({ tp: null, sl: null });
  const [errors, setErrors] = useState<{ tp: string | null; sl: string | null }>({ tp: null, sl: null });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!position?.openPrice) return;
    let gone = false;
    const at = (price: string) =>
      price.trim()
        ? core.leverPnlAt({
            side: position.side,
            openPrice: position.openPrice!,
            price,
            hands: position.hands,
            lot: position.lot,
          })
        : Promise.resolve(null);
    void Promise.all([at(wire(values.tp)), at(wire(values.sl))]).then(([tp, sl]) => {
      if (!gone) setPnl({ tp, sl });
    });
    return () => {
      gone = true;
    };
  }, [core, position, values.tp, values.sl, wire]);

  const save = async () => {
    if (!position || busy) return;
    setBusy(true);
    const out = await call(
      'lever/tpsl',
      { id: position.id, tp: wire(values.tp), sl: wire(values.sl) },
      { fields: FIELDS },
    );
    setBusy(false);
    if (out.ok) {
      toast.success(t('tpsl.saved'));
      onSaved();
      onClose();
    } else if (out.field === 'tp' || out.field === 'sl') {
      setErrors({ tp: null, sl: null, [out.field]: out.message ?? out.messageKey ?? '' });
    }
  };

  return (
    <Dialog
      open={position !== null}
      title={t('tpsl.title')}
      onDismiss={() => !busy && onClose()}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void save()}
            disabled={busy}
            data-testid="tpsl-save"
          >
            {busy && <Spinner size={18} />}
            {t('tpsl.save')}
          </button>
        </>
      }
    >
      {position && (
        <div className="lever-tpsl">
          <p className="lever-note">
            {position.symbol} · {t(`side.${position.side}`)} · {t('fields.openPrice')}{' '}
            {f.digits(position.openPrice)} · {t('fields.liquidationPrice')}{' '}
            {f.digits(position.liquidationPrice)}
          </p>
          {FIELDS.map((k) => (
            <PriceInput
              key={k}
              label={t(`fields.${k}`)}
              value={values[k]}
              pnl={pnl[k]}
              coin={position.coin}
              error={errors[k]}
              testId={`tpsl-${k}`}
              onChange={(v) => {
                setValues((p) => ({ ...p, [k]: v }));
                setErrors((p) => ({ ...p, [k]: null }));
              }}
            />
          ))}
          <p className="note">{t('tpsl.hint')}</p>
        </div>
      )}
    </Dialog>
  );
}

import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { LeverCloseScope } from '../../../domain/lever';
import type { LeverLivePosition, LeverLiveState } from '../../../worker/core-api';
import { CoinAmount } from '../../components/coin-amount';
import { SummaryDialog } from '../../components/summary-dialog';
import { toast } from '../../components/toast';
import { useCall } from '../../core/use-call';
import { NONE, pnlClass, useLeverFormat } from './lever-format';
import { TpSlDialog } from './tpsl-dialog';

type Asking =
  | { kind: 'close'; position: LeverLivePosition }
  | { kind: 'cancel'; position: LeverLivePosition }
  | { kind: 'batch'; scope: LeverCloseScope };

/** The handlers a position card and the batch buttons call. */
export interface PositionActions {
  close(p: LeverLivePosition): void;
  cancel(p: LeverLivePosition): void;
  tpsl(p: LeverLivePosition): void;
  closeBatch(scope: LeverCloseScope): void;
}

/**
 * Estimated PnL per coin (decimal strings by symbol), each at its coin's display decimals with the
 * exact value on tap, as the position cards show it; a dash when there is none.
 */
export function PnlAmounts({ pnl }: { pnl: Readonly<Record<string, string>> }) {
  const entries = Object.entries(pnl);
  if (entries.length === 0) return <>{NONE}</>;
  return (
    <>
      {entries.map(([coin, v], i) => (
        <span key={coin} className={pnlClass(v)}>
          {i > 0 && ' · '}
          <CoinAmount value={v} coin={coin} signed />
        </span>
      ))}
    </>
  );
}

/**
 * Closing, cancelling and TP/SL with a confirmation before money moves: the close dialogs name how
 * many positions and the estimated PnL at the live mark. Render `dialogs` once in the page.
 */
export function usePositionActions(
  state: LeverLiveState | null,
  onDone: () => Promise<void> | void,
): { actions: PositionActions; dialogs: ReactNode } {
  const { t } = useTranslation(['lever', 'common']);
  const f = useLeverFormat();
  const call = useCall();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [editing, setEditing] = useState<LeverLivePosition | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!asking || busy) return;
    setBusy(true);
    if (asking.kind === 'close') {
      const out = await call('lever/close', { id: asking.position.id });
      if (out.ok) toast.success(t('done.closed'));
    } else if (asking.kind === 'cancel') {
      const out = await call('lever/cancel', { id: asking.position.id });
      if (out.ok) toast.success(t('done.cancelled'));
    } else {
      const out = await call('lever/closeAll', { scope: asking.scope });
      if (out.ok) toast.success(t('done.closedMany', { count: out.data.closed.length }));
    }
    setBusy(false);
    setAsking(null);
    await onDone();
  };

  const actions: PositionActions = {
    close: useCallback((position) => setAsking({ kind: 'close', position }), []),
    cancel: useCallback((position) => setAsking({ kind: 'cancel', position }), []),
    tpsl: useCallback((p) => setEditing(p), []),
    closeBatch: useCallback((scope) => setAsking({ kind: 'batch', scope }), []),
  };

  let title = '';
  let rows: [string, ReactNode, string?][] = [];
  let note = '';
  if (asking?.kind === 'close' || asking?.kind === 'cancel') {
    const p = state?.positions.find((x) => x.id === asking.position.id) ?? asking.position;
    title = asking.kind === 'close' ? t('closeDialog.title') : t('cancelDialog.title');
    rows = [
      [t('fields.pair'), p.symbol],
      [t('fields.side'), `${t(`side.${p.side}`)} · ${p.multiple}×`],
      [t('fields.hands'), String(p.hands)],
    ];
    if (asking.kind === 'close') {
      rows.push([t('fields.mark'), f.digits(p.mark)]);
      rows.push([
        t('closeDialog.estPnl'),
        <PnlAmounts pnl={p.livePnl === null ? {} : { [p.coin]: p.livePnl }} />,
        'pnl',
      ]);
      note = t('closeDialog.note');
    } else {
      rows.push([t('fields.limitPrice'), f.digits(p.limitPrice)]);
      note = t('cancelDialog.note');
    }
  } else if (asking?.kind === 'batch') {
    const total = state?.totals[asking.scope] ?? { count: 0, pnl: {} };
    title = t('closeDialog.batchTitle', { count: total.count });
    rows = [
      [t('closeDialog.count'), String(total.count), 'count'],
      [t('closeDialog.estPnl'), <PnlAmounts pnl={total.pnl} />, 'pnl'],
    ];
    note = t('closeDialog.note');
  }

  const dialogs = (
    <>
      <SummaryDialog
        open={asking !== null}
        title={title}
        rows={rows}
        confirmLabel={asking?.kind === 'cancel' ? t('cancelDialog.confirm') : t('closeDialog.confirm')}
        confirmClass="btn--primary"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
        testId="lever-confirm"
      >
        <p className="note">{note}</p>
      </SummaryDialog>
      <TpSlDialog
        key={editing?.id ?? 0}
        position={editing}
        onClose={() => setEditing(null)}
        onSaved={() => void onDone()}
      />
    </>
  );
  return { actions, dialogs };
}

import { useCallback, useState } from 'react';
import { EVIDENCE_MAX } from '../../../domain/legal-rules';
import type { LegalOrder } from '../../../domain/legal';
import { useCatalogCoin } from '../../core/catalog-coins';
import { usePrefs } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { useProofUpload } from '../../core/use-proof-upload';
import { useNumbers } from '../../i18n/use-numbers';
import { fiatText } from './legal-format';

/** An order action, each behind its own confirmation. */
export type OrderAction = 'pay' | 'release' | 'cancel' | 'appeal';

/** The actions' state and steps, from {@link useOrderActions}. */
export interface OrderActionsState {
  /** The confirmation open now, or null. */
  open: OrderAction | null;
  show(action: OrderAction): void;
  close(): void;
  busy: boolean;
  /** The server's problem with the open confirmation's field, already translated. */
  error: string | null;
  /** The buyer's payment reference (pay). */
  reference: string;
  setReference(text: string): void;
  /** Why the caller asks for rights protection (appeal). */
  reason: string;
  setReason(text: string): void;
  /** Upload ids of the appeal's evidence images, at most `EVIDENCE_MAX`. */
  evidence: string[];
  /** Compresses and uploads one more evidence image. */
  upload: ReturnType<typeof useProofUpload>;
  /** The order's amount and quantity as the confirmations show them. */
  amounts: OrderAmounts;
  /** Sends the confirmed action; a problem with one of `fields` stays in its dialog. */
  run(name: `legal/${OrderAction}`, fields: string[]): Promise<void>;
}

/**
 * The state of an order's actions: which confirmation is open, what its fields hold, the appeal's
 * evidence (uploaded one by one) and the request each confirmation sends.
 */
export function useOrderActions(
  order: LegalOrder,
  onChanged: (order: LegalOrder) => void,
): OrderActionsState {
  const call = useCall();
  const [open, setOpen] = useState<OrderAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [evidence, setEvidence] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const onUploaded = useCallback((id: string) => {
    if (id) setEvidence((e) => (e.includes(id) ? e : [...e, id].slice(0, EVIDENCE_MAX)));
  }, []);
  const upload = useProofUpload(onUploaded);
  const amounts = useOrderAmounts(order);

  const run = async (name: `legal/${OrderAction}`, fields: string[]) => {
    setBusy(true);
    setError(null);
    const req =
      name === 'legal/pay'
        ? { id: order.id, reference }
        : name === 'legal/appeal'
          ? { id: order.id, reason, evidence: evidence.join(',') }
          : { id: order.id };
    const out = await call(name, req as never, { fields });
    setBusy(false);
    if (out.ok) {
      setOpen(null);
      onChanged(out.data as LegalOrder);
    } else if (out.intent === 'message' && out.field && fields.includes(out.field)) {
      setError(out.message ?? null);
    } else setOpen(null);
  };

  return {
    open,
    show: (action) => {
      setError(null);
      setOpen(action);
    },
    close: () => setOpen(null),
    busy,
    error,
    reference,
    setReference,
    reason,
    setReason,
    evidence,
    upload,
    amounts,
    run,
  };
}

/**
 * The order's amount (fiat, with its currency) and quantity as the order page shows them: the
 * quantity at the coin's display decimals, as text (it is in a title), alone and with its coin.
 */
export interface OrderAmounts {
  amount: string;
  qtyNumber: string;
  qty: string;
}

function useOrderAmounts(order: LegalOrder): OrderAmounts {
  const { lang } = usePrefs();
  const n = useNumbers();
  const coin = useCatalogCoin(order.coin);
  const qtyNumber = n.coin(order.qty, coin);
  return {
    amount: `${fiatText(order.amount, lang)} ${order.currency}`,
    qtyNumber,
    qty: `${qtyNumber} ${order.coin}`,
  };
}

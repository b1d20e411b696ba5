import { useCallback, useState } from 'react';
import { EVIDENCE_MAX, LEGAL_REASON_MAX, LEGAL_TEXT_MAX } from '../../../domain/legal-rules';
import type { LegalOrder } from '../../../domain/legal';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { SummaryDialog } from '../../components/summary-dialog';
import { useCatalogCoin } from '../../core/catalog-coins';
import { usePrefs } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { useNumbers } from '../../i18n/use-numbers';
import { useTranslation } from '../../i18n/use-translation';
import { useProofUpload } from '../../core/use-proof-upload';
import { ImagePick } from './image-pick';
import { LegalImage } from './legal-image';
import { fiatText } from './legal-format';

type Open = 'pay' | 'release' | 'cancel' | 'appeal' | null;

/** Props of {@link OrderActions}. */
export interface OrderActionsProps {
  order: LegalOrder;
  /** Cancels left today (shown before a buyer cancels). */
  cancelsLeft: number | null;
  /** The payment window is over (the server cancels the order; paying is refused). */
  expired: boolean;
  onChanged(order: LegalOrder): void;
}

/** What the caller may do now, each behind a confirmation: pay, release, cancel, rights protection. */
export function OrderActions({ order, cancelsLeft, expired, onChanged }: OrderActionsProps) {
  const { t } = useTranslation(['legal', 'common']);
  const { lang } = usePrefs();
  const call = useCall();
  const n = useNumbers();
  const coin = useCatalogCoin(order.coin);
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [evidence, setEvidence] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const onUploaded = useCallback((id: string) => {
    if (id) setEvidence((e) => (e.includes(id) ? e : [...e, id].slice(0, EVIDENCE_MAX)));
  }, []);
  const upload = useProofUpload(onUploaded);
  const buyer = order.role === 'buyer';
  const amount = `${fiatText(order.amount, lang)} ${order.currency}`;
  // The coin's display decimals, as the order page shows the quantity (text: it is in a title).
  const qtyNumber = n.coin(order.qty, coin);
  const qty = `${qtyNumber} ${order.coin}`;

  const run = async (
    name: 'legal/pay' | 'legal/release' | 'legal/cancel' | 'legal/appeal',
    fields: string[],
  ) => {
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

  const buttons: Array<[Open, string, string]> = [];
  if (buyer && order.status === 'pending' && !expired) buttons.push(['pay', t('order.pay'), 'btn--primary']);
  if (!buyer && (order.status === 'paid' || order.status === 'appeal'))
    buttons.push(['release', t('order.release'), 'btn--primary']);
  if (order.status === 'paid') buttons.push(['appeal', t('order.appeal'), 'btn--secondary']);
  if (buyer && order.status === 'pending') buttons.push(['cancel', t('order.cancel'), 'btn--ghost']);
  if (buttons.length === 0) return null;

  return (
    <div className="legal-actions">
      {buttons.map(([k, label, cls]) => (
        <button
          key={k}
          type="button"
          className={`btn ${cls} btn--block`}
          onClick={() => {
            setError(null);
            setOpen(k);
          }}
          data-testid={`order-${k}`}
        >
          {label}
        </button>
      ))}
      <SummaryDialog
        open={open === 'pay'}
        title={t('order.payTitle')}
        rows={[
          [t('order.amount'), amount],
          [t('order.counterparty'), order.counterparty],
        ]}
        confirmLabel={t('order.pay')}
        busy={busy}
        onConfirm={() => void run('legal/pay', ['reference'])}
        onCancel={() => setOpen(null)}
        testId="pay-confirm"
      >
        <div className={`field${error ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor="pay-ref">
            {t('order.reference')}
          </label>
          <div className="field__control">
            <input
              id="pay-ref"
              className="field__input"
              maxLength={LEGAL_TEXT_MAX}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              data-testid="pay-reference"
            />
          </div>
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <p className="note">{t('order.payNote')}</p>
      </SummaryDialog>
      <SummaryDialog
        open={open === 'release'}
        title={t('order.releaseTitle', { qty: qtyNumber, coin: order.coin })}
        rows={[
          [t('order.amount'), amount],
          [t('order.qty'), qty],
          [t('order.payRef'), order.payRef ?? '—'],
        ]}
        confirmLabel={t('order.release')}
        busy={busy}
        onConfirm={() => void run('legal/release', [])}
        onCancel={() => setOpen(null)}
        testId="release-confirm"
      >
        <p className="note note--danger">
          {t('order.releaseNote', { amount: fiatText(order.amount, lang), currency: order.currency })}
        </p>
      </SummaryDialog>
      <SummaryDialog
        open={open === 'cancel'}
        title={t('order.cancelTitle')}
        rows={[
          [t('order.amount'), amount],
          [t('order.qty'), qty],
        ]}
        confirmLabel={t('order.cancel')}
        confirmClass="btn--danger-ghost"
        busy={busy}
        onConfirm={() => void run('legal/cancel', [])}
        onCancel={() => setOpen(null)}
        testId="cancel-confirm"
      >
        {cancelsLeft !== null && (
          <p className="note">{t('order.cancelNote', { n: Math.max(0, cancelsLeft - 1) })}</p>
        )}
      </SummaryDialog>
      <Dialog
        open={open === 'appeal'}
        title={t('order.appealTitle')}
        onDismiss={() => !busy && setOpen(null)}
        actions={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => setOpen(null)} disabled={busy}>
              {t('common:actions.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => void run('legal/appeal', ['reason', 'evidence'])}
              data-testid="appeal-confirm"
            >
              {busy && <Spinner size={18} />}
              {t('order.appeal')}
            </button>
          </>
        }
      >
        <div className={`field${error ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor="appeal-reason">
            {t('order.reason')}
          </label>
          <div className="field__control">
            <textarea
              id="appeal-reason"
              className="field__input legal-textarea"
              maxLength={LEGAL_REASON_MAX}
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              data-testid="appeal-reason"
            />
          </div>
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <span className="field__label">{t('order.evidence')}</span>
        <div className="legal-evidence">
          {evidence.map((id) => (
            <LegalImage key={id} id={id} alt={t('order.evidence')} />
          ))}
        </div>
        {evidence.length < EVIDENCE_MAX && (
          <ImagePick
            state={upload.state}
            onPick={(f) => void upload.pick(f)}
            label={t('order.addEvidence')}
            testId="evidence-file"
          />
        )}
        <p className="note">{t('order.appealNote')}</p>
      </Dialog>
    </div>
  );
}

import { EVIDENCE_MAX, LEGAL_REASON_MAX, LEGAL_TEXT_MAX } from '../../../domain/legal-rules';
import type { LegalOrder } from '../../../domain/legal';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { SummaryDialog } from '../../components/summary-dialog';
import { usePrefs } from '../../core/contexts';
import { useTranslation } from '../../i18n/use-translation';
import { fiatText } from './legal-format';
import { LegalImage } from './legal-image';
import { LegalPhotoPicker } from './legal-photo-picker';
import type { OrderActionsState } from './use-order-actions';

/** Props of each confirmation: the order and the actions' state. */
interface ActionDialogProps {
  order: LegalOrder;
  a: OrderActionsState;
}

/** The server's problem with a confirmation's field, under it. */
function ActionError({ error }: { error: string | null }) {
  return error ? (
    <p className="field__error" role="alert">
      {error}
    </p>
  ) : null;
}

/** The buyer marks the order paid, with the payment reference. */
export function PayDialog({ order, a }: ActionDialogProps) {
  const { t } = useTranslation(['legal', 'common']);
  const { amount } = a.amounts;
  return (
    <SummaryDialog
      open={a.open === 'pay'}
      title={t('order.payTitle')}
      rows={[
        [t('order.amount'), amount],
        [t('order.counterparty'), order.counterparty],
      ]}
      confirmLabel={t('order.pay')}
      busy={a.busy}
      onConfirm={() => void a.run('legal/pay', ['reference'])}
      onCancel={a.close}
      testId="pay-confirm"
    >
      <div className={`field${a.error ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor="pay-ref">
          {t('order.reference')}
        </label>
        <div className="field__control">
          <input
            id="pay-ref"
            className="field__input"
            maxLength={LEGAL_TEXT_MAX}
            value={a.reference}
            onChange={(e) => a.setReference(e.target.value)}
            data-testid="pay-reference"
          />
        </div>
        <ActionError error={a.error} />
      </div>
      <p className="note">{t('order.payNote')}</p>
    </SummaryDialog>
  );
}

/** The seller releases the coin to the buyer: a warning to check the money has arrived. */
export function ReleaseDialog({ order, a }: ActionDialogProps) {
  const { t } = useTranslation(['legal', 'common']);
  const { lang } = usePrefs();
  const { amount, qty, qtyNumber } = a.amounts;
  return (
    <SummaryDialog
      open={a.open === 'release'}
      title={t('order.releaseTitle', { qty: qtyNumber, coin: order.coin })}
      rows={[
        [t('order.amount'), amount],
        [t('order.qty'), qty],
        [t('order.payRef'), order.payRef ?? '—'],
      ]}
      confirmLabel={t('order.release')}
      busy={a.busy}
      onConfirm={() => void a.run('legal/release', [])}
      onCancel={a.close}
      testId="release-confirm"
    >
      <p className="note note--danger">
        {t('order.releaseNote', { amount: fiatText(order.amount, lang), currency: order.currency })}
      </p>
    </SummaryDialog>
  );
}

/** The buyer cancels, told how many cancels are left today. */
export function CancelDialog({ a, cancelsLeft }: { a: OrderActionsState; cancelsLeft: number | null }) {
  const { t } = useTranslation(['legal', 'common']);
  const { amount, qty } = a.amounts;
  return (
    <SummaryDialog
      open={a.open === 'cancel'}
      title={t('order.cancelTitle')}
      rows={[
        [t('order.amount'), amount],
        [t('order.qty'), qty],
      ]}
      confirmLabel={t('order.cancel')}
      confirmClass="btn--danger-ghost"
      busy={a.busy}
      onConfirm={() => void a.run('legal/cancel', [])}
      onCancel={a.close}
      testId="cancel-confirm"
    >
      {cancelsLeft !== null && (
        <p className="note">{t('order.cancelNote', { n: Math.max(0, cancelsLeft - 1) })}</p>
      )}
    </SummaryDialog>
  );
}

/** Rights protection: the reason and up to `EVIDENCE_MAX` images, compressed and uploaded one by one. */
export function AppealDialog({ a }: { a: OrderActionsState }) {
  const { t } = useTranslation(['legal', 'common']);
  const { busy } = a;
  return (
    <Dialog
      open={a.open === 'appeal'}
      title={t('order.appealTitle')}
      onDismiss={() => !busy && a.close()}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={a.close} disabled={busy}>
            {t('common:actions.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => void a.run('legal/appeal', ['reason', 'evidence'])}
            data-testid="appeal-confirm"
          >
            {busy && <Spinner size={18} />}
            {t('order.appeal')}
          </button>
        </>
      }
    >
      <div className={`field${a.error ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor="appeal-reason">
          {t('order.reason')}
        </label>
        <div className="field__control">
          <textarea
            id="appeal-reason"
            className="field__input legal-textarea"
            maxLength={LEGAL_REASON_MAX}
            rows={3}
            value={a.reason}
            onChange={(e) => a.setReason(e.target.value)}
            data-testid="appeal-reason"
          />
        </div>
        <ActionError error={a.error} />
      </div>
      <span className="field__label">{t('order.evidence')}</span>
      <div className="legal-evidence">
        {a.evidence.map((id) => (
          <LegalImage key={id} id={id} alt={t('order.evidence')} />
        ))}
      </div>
      {a.evidence.length < EVIDENCE_MAX && (
        <LegalPhotoPicker upload={a.upload} label={t('order.addEvidence')} fileTestId="evidence-file" />
      )}
      <p className="note">{t('order.appealNote')}</p>
    </Dialog>
  );
}

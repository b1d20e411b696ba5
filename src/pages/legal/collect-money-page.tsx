import { useCallback, useState } from 'react';
import type { Empty } from '../../../domain/endpoint-def';
import { PAYMENT_KINDS, type PaymentKind, type PaymentMethod } from '../../../domain/legal';
import { checkPaymentMethod, LEGAL_TEXT_MAX } from '../../../domain/legal-rules';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { SummaryDialog } from '../../components/summary-dialog';
import { toast } from '../../components/toast';
import { useUser } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { usePrivateData } from '../../core/use-dated-read';
import { AsOf } from '../../components/as-of';
import { useOnline } from '../../components/use-online';
import { SubmitButton } from '../../forms/submit-button';
import { errorMessage } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/legal.css';
import { useProofUpload } from '../../core/use-proof-upload';
import { RequireUser } from '../../components/require-user';
import { ImagePick } from './image-pick';
import { LegalImage } from './legal-image';
import { ReadState } from './read-state';

const NONE: Empty = {};
type Field = 'realName' | 'bank' | 'cardNumber' | 'account' | 'nickname';
/** The fields each kind asks for; the code images take an image and an optional address. */
const FIELDS: Record<PaymentKind, Field[]> = {
  bank: ['realName', 'bank', 'cardNumber'],
  alipay: ['realName', 'account'],
  wechat: ['realName', 'nickname', 'account'],
  trc20: ['account'],
  erc20: ['account'],
};

/** Adding or editing one payment method; the image is compressed on the device before upload. */
function MethodForm({ editing, onDone }: { editing: PaymentMethod | null; onDone(): void }) {
  const { t } = useTranslation(['legal', 'common']);
  const { user } = useUser();
  const call = useCall();
  const [kind, setKind] = useState<PaymentKind>(editing?.kind ?? 'bank');
  const [values, setValues] = useState<Record<Field, string>>({
    realName: editing?.realName ?? '',
    bank: editing?.bank ?? '',
    cardNumber: editing?.cardNumber ?? '',
    account: editing?.account ?? '',
    nickname: editing?.nickname ?? '',
  });
  const [qrId, setQrId] = useState(editing?.qrId ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field | 'qrId', string>>>({});
  const [busy, setBusy] = useState(false);
  const onUploaded = useCallback((id: string) => {
    if (id) setQrId(id);
  }, []);
  const upload = useProofUpload(onUploaded);
  const fields = FIELDS[kind];

  const submit = async () => {
    const req = { kind, ...values, qrId };
    const checked = checkPaymentMethod(req);
    if ('key' in checked) {
      setErrors({ [checked.field]: errorMessage(checked.key) });
      return;
    }
    setErrors({});
    setBusy(true);
    const out = await call(
      'legal/methodSave',
      { ...(editing && { id: editing.id }), ...req },
      { fields: [...fields, 'qrId'] },
    );
    setBusy(false);
    if (out.ok) {
      toast.success(t('methods.saved'));
      onDone();
    } else if (out.intent === 'message' && out.field) setErrors({ [out.field]: out.message ?? '' });
  };

  return (
    <form
      className="form card"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="method-form"
    >
      <div className="legal-filters legal-filters--scroll" role="radiogroup">
        {PAYMENT_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={kind === k}
            disabled={editing !== null && editing.kind !== k}
            className={`legal-chip${kind === k ? ' legal-chip--active' : ''}`}
            onClick={() => setKind(k)}
            data-testid={`method-kind-${k}`}
          >
            {t(`methods.kind.${k}`)}
          </button>
        ))}
      </div>
      {fields.map((f) => (
        <div key={f} className={`field${errors[f] ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor={`m-${f}`}>
            {t(
              f === 'account' && (kind === 'trc20' || kind === 'erc20') ? 'methods.address' : `methods.${f}`,
            )}
          </label>
          <div className="field__control">
            <input
              id={`m-${f}`}
              className={`field__input${f === 'cardNumber' ? ' mono' : ''}`}
              inputMode={f === 'cardNumber' ? 'numeric' : 'text'}
              maxLength={f === 'cardNumber' ? 23 : LEGAL_TEXT_MAX}
              value={values[f]}
              onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
              data-testid={`m-${f}`}
            />
          </div>
          {f === 'realName' && user?.kyc === 'verified' && (
            <p className="note">{t('methods.verifiedName')}</p>
          )}
          {errors[f] && (
            <p className="field__error" role="alert" data-field={f}>
              {errors[f]}
            </p>
          )}
        </div>
      ))}
      {kind !== 'bank' && (
        <div className={`field${errors.qrId ? ' field--error' : ''}`}>
          <span className="field__label">{t('methods.qr')}</span>
          {qrId && <LegalImage id={qrId} alt={t('methods.qr')} />}
          <ImagePick
            state={upload.state}
            onPick={(f) => void upload.pick(f)}
            label={t('methods.qrHint')}
            testId="qr-file"
          />
          {errors.qrId && (
            <p className="field__error" role="alert" data-field="qrId">
              {errors.qrId}
            </p>
          )}
        </div>
      )}
      <div className="button-row">
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {t('common:actions.cancel')}
        </button>
      </div>
      <SubmitButton
        busy={busy || upload.state.phase === 'compressing' || upload.state.phase === 'uploading'}
        needsNetwork
      >
        {t('common:actions.save')}
      </SubmitButton>
    </form>
  );
}

function MethodCard({
  m,
  online,
  onEdit,
  onRemove,
}: {
  m: PaymentMethod;
  /** Editing and removing need the server. */
  online: boolean;
  onEdit(): void;
  onRemove(): void;
}) {
  const { t } = useTranslation('legal');
  const lines = [
    m.realName,
    m.bank,
    m.cardNumber && `**** ${m.cardNumber.slice(-4)}`,
    m.nickname,
    m.account,
  ].filter(Boolean);
  return (
    <article className="card legal-method-card" data-testid="method" data-kind={m.kind}>
      <header className="card__head">
        <span className={`legal-method legal-method--${m.kind}`}>{t(`methods.kind.${m.kind}`)}</span>
        <span className="button-row">
          <button type="button" className="btn btn--text btn--small" onClick={onEdit} disabled={!online}>
            {t('methods.edit')}
          </button>
          <button
            type="button"
            className="btn btn--danger-ghost btn--small"
            onClick={onRemove}
            disabled={!online}
            data-testid="method-remove"
          >
            {t('methods.remove')}
          </button>
        </span>
      </header>
      <p className="card__text">{lines.join(' · ')}</p>
      {m.qrId && <LegalImage id={m.qrId} alt={t('methods.qr')} />}
    </article>
  );
}

function CollectBody() {
  const { t } = useTranslation(['legal', 'common']);
  const call = useCall();
  const { user } = useUser();
  // A private read: kept on the device, so offline the saved methods show, dated.
  const list = usePrivateData('legal/methods', NONE, user?.id ?? null);
  // Saving or removing a method changes funding details: not while the server cannot be reached.
  const online = useOnline();
  const [editing, setEditing] = useState<PaymentMethod | 'new' | null>(null);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [busy, setBusy] = useState(false);
  const done = () => {
    setEditing(null);
    void list.reload();
  };
  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    const out = await call('legal/methodRemove', { id: removing.id });
    setBusy(false);
    setRemoving(null);
    if (out.ok) void list.reload();
  };
  return (
    <>
      {editing ? (
        <MethodForm editing={editing === 'new' ? null : editing} onDone={done} />
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => setEditing('new')}
          disabled={!online}
          data-testid="method-add"
        >
          <Icon name="card" size={18} />
          {online ? t('methods.add') : t('common:offline.needsNetwork')}
        </button>
      )}
      <AsOf time={list.time} testId="methods-as-of" />
      <ReadState read={list} empty={list.data?.length === 0 && !editing ? t('methods.empty') : null}>
        <div className="legal-list">
          {list.data?.map((m) => (
            <MethodCard
              key={m.id}
              m={m}
              online={online}
              onEdit={() => setEditing(m)}
              onRemove={() => setRemoving(m)}
            />
          ))}
        </div>
      </ReadState>
      <SummaryDialog
        open={removing !== null}
        title={t('methods.removeTitle')}
        rows={removing ? [[t(`methods.kind.${removing.kind}`), removing.realName || removing.account]] : []}
        confirmLabel={t('methods.remove')}
        confirmClass="btn--danger-ghost"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

/** /pages/mine/collect_money: the caller's payment information for fiat trading. */
export function CollectMoneyPage() {
  return (
    <Screen backTo="/pages/mine/index">
      <RequireUser>{() => <CollectBody />}</RequireUser>
    </Screen>
  );
}

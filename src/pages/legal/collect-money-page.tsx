import { useState } from 'react';
import type { Empty } from '../../../domain/endpoint-def';
import type { PaymentMethod } from '../../../domain/legal';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { SummaryDialog } from '../../components/summary-dialog';
import { useUser } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { usePrivateData } from '../../core/use-dated-read';
import { AsOf } from '../../components/as-of';
import { useOnline } from '../../components/use-online';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/legal.css';
import { RequireUser } from '../../components/require-user';
import { MethodForm } from './method-form';
import { LegalImage } from './legal-image';
import { ReadState } from './read-state';

const NONE: Empty = {};

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

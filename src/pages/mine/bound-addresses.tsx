import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import { toast } from '../../components/toast';
import type { Empty } from '../../../domain/endpoint-def';
import type { BoundAddress } from '../../../domain/funding';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyButton } from '../../components/copy-button';
import { Icon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { AsOf } from '../../components/as-of';
import { useOnline } from '../../components/use-online';
import { usePrefs, useUser } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { usePrivateData } from '../../core/use-dated-read';
import { formatMs } from '../trade';
import { InlineRetry } from '../../components/load-state';

const NONE: Empty = {};

/** One bound withdrawal address: coin, network, address (copyable), label and an unbind action. */
function AddressCard({
  item,
  online,
  onUnbind,
}: {
  item: BoundAddress;
  /** Unbinding needs the server. */
  online: boolean;
  onUnbind(item: BoundAddress): void;
}) {
  const { t } = useTranslation('assets');
  const { lang } = usePrefs();
  return (
    <article className="address-card" data-testid="bound-address" data-address-id={item.id}>
      <header className="address-card__head">
        <span className="address-card__coin">{item.coin}</span>
        <span className="badge">{item.chain}</span>
        {item.label && <span className="address-card__label">{item.label}</span>}
      </header>
      <p className="address-card__address">
        <span className="mono">{item.address}</span>
        <CopyButton text={item.address} />
      </p>
      <footer className="address-card__foot">
        <span className="address-card__time">
          {t('card.boundAt', { date: formatMs(item.createdAt, lang) })}
        </span>
        <button
          type="button"
          className="btn btn--danger-ghost btn--small"
          onClick={() => onUnbind(item)}
          disabled={!online}
          data-testid="unbind-address"
        >
          {t('card.unbind')}
        </button>
      </footer>
    </article>
  );
}

/** The bound withdrawal addresses (`assets/addresses`), with unbinding and a way to bind another. */
export function BoundAddresses() {
  const { t } = useTranslation(['assets', 'common']);
  const call = useCall();
  const { user } = useUser();
  // A private read: the device's copy shows offline, dated.
  const read = usePrivateData('assets/addresses', NONE, user?.id ?? null);
  // Unbound here: hidden at once, before the server's list says so.
  const [gone, setGone] = useState<readonly number[]>([]);
  const items = read.data?.filter((a) => !gone.includes(a.id)) ?? null;
  const failed = read.failed;
  const load = read.reload;
  const [asking, setAsking] = useState<BoundAddress | null>(null);
  // Unbinding changes funding details: not while the server cannot be reached.
  const online = useOnline();

  const unbind = async () => {
    const item = asking;
    setAsking(null);
    if (!item) return;
    const out = await call('assets/unbindAddress', { id: item.id });
    if (!out.ok) return;
    toast.success(t('card.unbound'));
    setGone((g) => [...g, item.id]);
    void load();
  };

  return (
    <section className="assets-section" data-testid="bound-addresses">
      <header className="assets-section__head">
        <h2 className="assets-section__title">{t('card.addresses')}</h2>
      </header>
      <AsOf time={read.time} testId="addresses-as-of" />
      {items === null ? (
        failed ? (
          <InlineRetry onRetry={() => void load()} />
        ) : (
          <div className="assets-state">
            <Spinner size={24} />
          </div>
        )
      ) : items.length === 0 ? (
        <p className="assets-state" data-testid="addresses-empty">
          {t('card.noAddresses')}
        </p>
      ) : (
        <div className="journal-list">
          {items.map((a) => (
            <AddressCard key={a.id} item={a} online={online} onUnbind={setAsking} />
          ))}
        </div>
      )}
      <Link className="btn btn--secondary btn--block" to="/pages/assets/mention" data-testid="bind-address">
        <Icon name="wallet" size={18} />
        {t('card.addAddress')}
      </Link>
      <ConfirmDialog
        open={asking !== null}
        message={asking ? t('card.unbindConfirm', { coin: asking.coin, chain: asking.chain }) : ''}
        cancelLabel={t('common:actions.cancel')}
        confirmLabel={t('card.unbind')}
        onCancel={() => setAsking(null)}
        onConfirm={() => void unbind()}
      />
    </section>
  );
}

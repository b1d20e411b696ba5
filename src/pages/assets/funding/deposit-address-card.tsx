import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { DepositAddress } from '../../../../domain/funding';
import { Icon } from '../../../components/icons';
import { AsOf } from '../../../components/as-of';
import { Spinner } from '../../../components/spinner';
import { timeOf, usePrivateRead, type DataTime } from '../../../core/use-private-read';
import { AddressQr } from './address-qr';
import type { CoinChainChoice } from './funding-catalog';

interface Held {
  key: string;
  address: DepositAddress | null;
  failed: boolean;
  time: DataTime;
}

/**
 * The personal deposit address of a coin on a chain: the device's copy first (offline too, dated),
 * then the server's; `reload` asks again (pull-to-refresh).
 */
export function useDepositAddress(coin: string, chain: string) {
  const read = usePrivateRead();
  const key = `${coin}:${chain}`;
  const current = useRef(key);
  const [held, setHeld] = useState<Held | null>(null);
  useEffect(() => {
    current.current = key;
  }, [key]);
  const load = useCallback(async () => {
    const out = await read('assets/depositAddress', { coin, chain }, (c) => {
      if (current.current !== key) return;
      setHeld((h) => (h?.key === key ? h : { key, address: c.data, failed: false, time: timeOf(c) }));
    });
    // An answer for a coin or chain the user has since left is dropped.
    if (current.current !== key) return;
    if (out.ok) setHeld({ key, address: out.data, failed: false, time: timeOf(out) });
    // A failed reload keeps an address already shown (it does not change).
    else setHeld((h) => (h?.key === key && h.address ? h : { key, address: null, failed: true, time: null }));
  }, [read, coin, chain, key]);
  useEffect(() => {
    void load();
  }, [load]);
  const mine = held?.key === key ? held : null;
  return {
    address: mine?.address ?? null,
    failed: mine?.failed ?? false,
    loading: mine === null,
    time: mine?.time ?? null,
    reload: load,
  };
}

/** Props of {@link DepositAddressCard}. */
export interface DepositAddressCardProps {
  choice: CoinChainChoice;
  address: DepositAddress | null;
  loading: boolean;
  failed: boolean;
  /** When the address was received (dated while it comes from the device or offline). */
  time?: DataTime;
  onRetry(): void;
}

/**
 * Where to send a coin: the QR code, the address and its copy button, the confirmations rule
 * (spec §9) and, on the embedded simulator, a plain statement that no real coins can arrive.
 */
export function DepositAddressCard({
  choice,
  address,
  loading,
  failed,
  time = null,
  onRetry,
}: DepositAddressCardProps) {
  const { t } = useTranslation(['assets', 'common']);
  const { coin, chain } = choice;
  if (loading || (!address && !failed)) {
    return (
      <section className="card deposit-address deposit-address--state">
        <Spinner size={28} />
      </section>
    );
  }
  if (!address) {
    return (
      <section className="card deposit-address deposit-address--state" data-testid="address-failed">
        <p className="card__text">{t('address.failed')}</p>
        <button type="button" className="btn btn--secondary btn--small" onClick={onRetry}>
          {t('common:actions.retry')}
        </button>
      </section>
    );
  }
  return (
    <section className="card deposit-address" data-testid="deposit-address-card">
      <header className="card__head">
        <h2 className="card__title">{t('address.title', { coin: coin.symbol })}</h2>
        <span className="badge">{chain.id}</span>
      </header>
      <AsOf time={time} testId="address-as-of" />
      {address.simulated && (
        <div className="sim-notice" role="note" data-testid="simulated-chain">
          <span className="badge badge--sim">{t('address.simBadge')}</span>
          <p>{t('address.simText')}</p>
        </div>
      )}
      <AddressQr
        address={address.address}
        label={t('address.qrLabel', { coin: coin.symbol, chain: chain.id })}
        testId="deposit-address"
      />
      <ul className="funding-notes">
        <li>
          <Icon name="info" size={16} />
          {t('address.onlyThis', { coin: coin.symbol, chain: chain.name })}
        </li>
        <li data-testid="confirm-rule">
          <Icon name="clock" size={16} />
          {t('address.confirmRule', {
            credit: address.creditConfirmations,
            final: address.withdrawableConfirmations,
            count: address.creditConfirmations,
          })}
        </li>
      </ul>
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { BoundAddress } from '../../../../domain/funding';
import { errorMessage } from '../../../i18n/i18n';
import { AddressQr } from './address-qr';
import { BindAddressForm } from './bind-address-form';
import { useBoundLabel } from './use-bound-label';
import type { CoinChainChoice } from './funding-catalog';

/** Props of {@link WithdrawAddress}. */
export interface WithdrawAddressProps {
  choice: CoinChainChoice;
  /** The bound address (from the quota), or null: spec §5, bind before withdrawing. */
  bound: string | null;
  account: string;
  onBound(address: BoundAddress): void;
}

/**
 * The withdrawal address of the coin on the chain: the bound one with its QR code (and a way to
 * replace it), or, when none is bound, why one is needed and the binding form in place.
 */
export function WithdrawAddress({ choice, bound, account, onBound }: WithdrawAddressProps) {
  const { t } = useTranslation('assets');
  const [replacing, setReplacing] = useState(false);
  const label = useBoundLabel(choice.coin.symbol, choice.chain.id, bound);
  const done = (a: BoundAddress) => {
    setReplacing(false);
    onBound(a);
  };
  if (!bound) {
    return (
      <section className="card" data-testid="bind-address-card">
        <header className="card__head">
          <h2 className="card__title">{t('bind.title')}</h2>
          <span className="badge">{choice.chain.id}</span>
        </header>
        <p className="bind-required" role="note" data-testid="bind-required">
          {errorMessage('withdrawAddressRequired')}
        </p>
        <p className="card__text">{t('bind.why', { coin: choice.coin.symbol, chain: choice.chain.id })}</p>
        <BindAddressForm choice={choice} account={account} onBound={done} />
      </section>
    );
  }
  return (
    <section className="card" data-testid="bound-address-card">
      <header className="card__head">
        <h2 className="card__title">{t('bind.bound')}</h2>
        <span className="badge">{choice.chain.id}</span>
      </header>
      {replacing ? (
        <>
          <p className="card__text">{t('bind.replaceText')}</p>
          <BindAddressForm
            choice={choice}
            account={account}
            onBound={done}
            onCancel={() => setReplacing(false)}
          />
        </>
      ) : (
        <>
          {label && (
            <p className="card__text" data-testid="bound-label">
              {label}
            </p>
          )}
          <AddressQr
            compact
            address={bound}
            label={t('bind.qrLabel', { coin: choice.coin.symbol, chain: choice.chain.id })}
            testId="bound-address"
          />
          <button
            type="button"
            className="btn btn--text btn--small"
            onClick={() => setReplacing(true)}
            data-testid="replace-address"
          >
            {t('bind.replace')}
          </button>
        </>
      )}
    </section>
  );
}

import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../components/toast';
import { Icon } from '../../../components/icons';
import { errorMessage } from '../../../i18n/i18n';

/** Copies `text` and says whether it worked (spec §8: copy success or failure). */
export async function copyText(text: string): Promise<void> {
  try {
    // navigator.clipboard is missing on plain http (not a secure context): that is a failure too.
    await navigator.clipboard.writeText(text);
    toast.success(errorMessage('copySuccess'));
  } catch {
    toast.error(errorMessage('copyFailure'));
  }
}

/** Props of {@link AddressQr}. */
export interface AddressQrProps {
  address: string;
  /** Says what the code is, for screen readers (`USDT · TRC20 deposit address`). */
  label: string;
  testId?: string;
  /** A smaller code beside the address (a bound address, shown above a form). */
  compact?: boolean;
}

/**
 * An address as a QR code (dark on light in both themes, so any wallet camera reads it), the full
 * address in monospace and a copy button.
 */
export function AddressQr({ address, label, testId, compact }: AddressQrProps) {
  const { t } = useTranslation('assets');
  return (
    <div className={`address-qr${compact ? ' address-qr--compact' : ''}`}>
      <div className="address-qr__code">
        <QRCodeSVG
          value={address}
          size={compact ? 112 : 176}
          marginSize={2}
          level="M"
          role="img"
          aria-label={label}
        />
      </div>
      <p className="address-qr__text mono" data-testid={testId}>
        {address}
      </p>
      <button
        type="button"
        className="btn btn--secondary btn--block"
        onClick={() => void copyText(address)}
        data-testid={testId ? `${testId}-copy` : undefined}
      >
        <Icon name="copy" size={18} />
        {t('address.copy')}
      </button>
    </div>
  );
}

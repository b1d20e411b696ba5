import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { toast } from '../components/toast';
import type { CodeScene } from '../../domain/endpoints';
import type { ErrorKey } from '../../domain/errors';
import { useCall } from '../core/use-call';
import { useCountdown } from './use-countdown';

/** Resend delay when the server does not say (spec: a 60 s countdown). */
const DEFAULT_RESEND_S = 60;

/** Props of {@link SendCodeButton}. */
export interface SendCodeButtonProps {
  scene: CodeScene;
  /** The account to send to, or null after the form showed why it cannot be used. */
  account(): string | null;
  /** Shows a server problem with the account next to the account field. */
  onAccountError(key: ErrorKey | undefined, text: string | undefined): void;
}

/** "Send code" with its 60 s countdown, calling `sms/send` for the given scene. */
export function SendCodeButton({ scene, account, onAccountError }: SendCodeButtonProps) {
  const { t } = useTranslation(['mine', 'errors']);
  const call = useCall();
  const { left, start } = useCountdown();
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const to = account();
    if (to === null) return;
    setBusy(true);
    const out = await call('sms/send', { account: to, scene }, { fields: ['account'] });
    setBusy(false);
    if (out.ok) {
      toast.success(t('errors:sentSuccess'));
      start(out.data?.resendAfter || DEFAULT_RESEND_S);
    } else if (out.field === 'account') {
      onAccountError(out.messageKey, out.message);
    }
  };

  return (
    <button
      type="button"
      className="field__end btn btn--text"
      disabled={busy || left > 0}
      onClick={() => void send()}
      data-testid="send-code"
    >
      {left > 0 ? t('code.resendIn', { s: left }) : t('code.send')}
    </button>
  );
}

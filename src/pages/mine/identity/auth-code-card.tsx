import { useState } from 'react';
import type { AuthCodeGrant } from '../../../../domain/identity-endpoints';
import { Icon } from '../../../components/icons';
import { usePrefs } from '../../../core/contexts';
import { useCall } from '../../../core/use-call';
import { formatDateTime } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/use-translation';
import { copyText } from './share-link';

/**
 * The caller's authorization code (spec §3, §6): shown on request, valid for 30 minutes and once.
 * An agent needs it to add the caller to their team; asking again replaces it.
 */
export function AuthCodeCard() {
  const { t } = useTranslation('identity');
  const { lang } = usePrefs();
  const call = useCall();
  const [grant, setGrant] = useState<AuthCodeGrant | null>(null);
  const [busy, setBusy] = useState(false);
  const issue = async () => {
    setBusy(true);
    try {
      const out = await call('team/authCode', {});
      if (out.ok) setGrant(out.data);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card auth-code" data-testid="auth-code">
      <h2 className="card__title">{t('invite.authCode.title')}</h2>
      <p className="card__text">{t('invite.authCode.text')}</p>
      {grant && (
        <p className="auth-code__value">
          <span className="mono" data-testid="auth-code-value">
            {grant.code}
          </span>
          <button
            type="button"
            className="icon-btn icon-btn--small"
            onClick={() => void copyText(grant.code)}
            aria-label={t('invite.copyCode')}
          >
            <Icon name="copy" size={16} />
          </button>
        </p>
      )}
      {grant && (
        <p className="note identity-note">
          {t('invite.authCode.expires', {
            time: formatDateTime(new Date(grant.expiresAt).toISOString(), lang),
          })}
        </p>
      )}
      <button
        type="button"
        className="btn btn--secondary btn--block"
        disabled={busy}
        onClick={() => void issue()}
        data-testid="auth-code-issue"
      >
        <Icon name="key" size={18} />
        {grant ? t('invite.authCode.again') : t('invite.authCode.show')}
      </button>
    </section>
  );
}

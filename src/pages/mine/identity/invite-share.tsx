import { QRCodeSVG } from 'qrcode.react';
import { Icon } from '../../../components/icons';
import { useCore } from '../../../core/contexts';
import { useTranslation } from '../../../i18n/use-translation';
import { canShare, copyText, inviteLink, shareOrCopy } from './share-link';

/**
 * The caller's promotion code, the invitation link as a QR code (dark on light in both themes, so
 * any camera reads it) and as text, with the device's share sheet where there is one, or copy.
 */
export function InviteShare({ promoCode }: { promoCode: string }) {
  const { t } = useTranslation('identity');
  const { settings } = useCore();
  const url = inviteLink(promoCode);
  const data = {
    title: t('invite.shareTitle', { app: settings?.appName ?? t('invite.appFallback') }),
    text: t('invite.shareText', { code: promoCode }),
    url,
  };
  const sheet = canShare(data);
  return (
    <section className="card invite-share" id="share" data-testid="invite-share">
      <p className="invite-share__label">{t('invite.promoCode')}</p>
      <p className="invite-share__code mono" data-testid="invite-code">
        {promoCode}
        <button
          type="button"
          className="icon-btn icon-btn--small"
          onClick={() => void copyText(promoCode)}
          aria-label={t('invite.copyCode')}
          data-testid="invite-copy-code"
        >
          <Icon name="copy" size={16} />
        </button>
      </p>
      <div className="invite-share__qr">
        <QRCodeSVG
          value={url}
          size={168}
          marginSize={2}
          level="M"
          role="img"
          aria-label={t('invite.qrLabel')}
        />
      </div>
      <p className="invite-share__label">{t('invite.link')}</p>
      <p className="invite-share__link mono" data-testid="invite-link">
        {url}
      </p>
      <div className="button-row">
        {sheet && (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void shareOrCopy(data)}
            data-testid="invite-share-button"
          >
            <Icon name="upload" size={18} />
            {t('invite.share')}
          </button>
        )}
        <button
          type="button"
          className={`btn ${sheet ? 'btn--secondary' : 'btn--primary'}`}
          onClick={() => void copyText(url)}
          data-testid="invite-copy-link"
        >
          <Icon name="copy" size={18} />
          {t('invite.copyLink')}
        </button>
      </div>
    </section>
  );
}

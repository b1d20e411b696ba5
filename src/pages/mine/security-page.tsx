import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { LANG_NAMES } from '../../../domain/locale';
import { useCore, usePrefs, useUser } from '../../core/contexts';
import { Icon } from '../../components/icons';
import type { IconName } from '../../components/icons';
import { ListGroup, ListRow } from '../../components/list';
import { Screen } from '../../components/screen';
import { LanguageDialog } from './language-dialog';

/** A row that opens to show a short text (about, contact, privacy). */
function InfoRow({
  icon,
  label,
  children,
  testId,
}: {
  icon: IconName;
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <details className="list-details" data-testid={testId}>
      <summary className="list-row list-row--link">
        <span className="list-row__icon">
          <Icon name={icon} size={20} />
        </span>
        <span className="list-row__label">{label}</span>
        <Icon name="chevron" size={18} className="list-row__chevron list-details__chevron" />
      </summary>
      <div className="list-details__body">{children}</div>
    </details>
  );
}

/** /pages/mine/security: language, night theme, passwords, about, contact and privacy policy. */
export function SecurityPage() {
  const { t } = useTranslation(['mine', 'common']);
  const { lang, theme, updatePrefs } = usePrefs();
  const { settings } = useCore();
  const { user } = useUser();
  const [picking, setPicking] = useState(false);
  const dark = theme === 'dark';

  return (
    <Screen backTo="/pages/mine/index">
      <ListGroup title={t('security.preferences')}>
        <ListRow
          icon="globe"
          label={t('security.language')}
          value={LANG_NAMES[lang]}
          onClick={() => setPicking(true)}
          testId="language-row"
        />
        <ListRow
          icon="moon"
          label={t('security.theme')}
          end={
            <button
              type="button"
              role="switch"
              aria-checked={dark}
              aria-label={t('security.theme')}
              className="switch"
              data-testid="theme-switch"
              onClick={() => void updatePrefs({ theme: dark ? 'light' : 'dark' })}
            >
              <span className="switch__thumb" />
            </button>
          }
        />
      </ListGroup>
      <ListGroup title={t('security.passwords')}>
        <ListRow icon="lock" label={t('security.loginPwd')} to="/pages/mine/modifyPwd" />
        <ListRow
          icon="key"
          label={t('security.tradePwd')}
          value={user ? (user.hasTradePassword ? t('userCenter.set') : t('userCenter.notSet')) : undefined}
          to="/pages/mine/resetLegalPwd"
        />
      </ListGroup>
      <ListGroup title={t('security.info')}>
        <InfoRow icon="info" label={t('security.about')} testId="about">
          <p className="prose-title">{settings?.appName ?? t('common:appName')}</p>
          <p>{t('security.aboutText')}</p>
          <p className="muted">{t('security.version', { v: settings?.version ?? __APP_VERSION__ })}</p>
        </InfoRow>
        <InfoRow icon="mail" label={t('security.contact')} testId="contact">
          {settings ? (
            <dl className="pairs">
              <dt>{t('security.contactEmail')}</dt>
              <dd>
                <a href={`mailto:${settings.support.email}`}>{settings.support.email}</a>
              </dd>
              <dt>{t('security.contactHours')}</dt>
              <dd>{settings.support.hours}</dd>
            </dl>
          ) : (
            <p className="muted">{t('security.contactOffline')}</p>
          )}
        </InfoRow>
        <InfoRow icon="shield" label={t('security.privacy')} testId="privacy">
          <p>{t('security.privacyText')}</p>
        </InfoRow>
      </ListGroup>
      <LanguageDialog
        open={picking}
        value={lang}
        onClose={() => setPicking(false)}
        onPick={(next) => {
          setPicking(false);
          void updatePrefs({ lang: next });
        }}
      />
    </Screen>
  );
}

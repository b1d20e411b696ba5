import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { UserInfo } from '../../domain/endpoints';
import { useCore, useUser } from '../core/contexts';
import { Icon } from './icons';
import { SignInLink } from './sign-in-link';
import { Spinner } from './spinner';

/** Renders its children for a signed-in user; otherwise says so and offers to log in. */
export function RequireUser({ children }: { children(user: UserInfo): ReactNode }) {
  const { t } = useTranslation();
  const { ready, knownSignedOut } = useCore();
  const { user } = useUser();
  if (user) return children(user);
  if (!ready && !knownSignedOut) {
    return (
      <div className="state">
        <Spinner size={28} />
      </div>
    );
  }
  return (
    <div className="state" data-testid="sign-in-required">
      <span className="state__icon">
        <Icon name="lock" size={32} />
      </span>
      <p className="state__text">{t('signInRequired')}</p>
      <SignInLink className="btn btn--primary">{t('actions.login')}</SignInLink>
    </div>
  );
}

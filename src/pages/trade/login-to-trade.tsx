import { memo } from 'react';
import { SignInLink } from '../../components/sign-in-link';
import { useTranslation } from '../../i18n/use-translation';

/** Where the submit button stands for a signed-out visitor: sign in, then come back to this market. */
export const LoginToTrade = memo(function LoginToTrade() {
  const { t } = useTranslation('trade');
  return <SignInLink testId="login-to-trade">{t('form.login')}</SignInLink>;
});

import { memo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation';

/**
 * Where the submit button stands for a signed-out visitor: sign in, then come back to this market.
 * Memoized: a router link is costly to render, and the form around it renders often.
 */
export const LoginToTrade = memo(function LoginToTrade() {
  const { t } = useTranslation('trade');
  const { pathname, search } = useLocation();
  return (
    <Link
      className="btn btn--primary btn--block"
      to="/pages/mine/login"
      state={{ from: `${pathname}${search}` }}
      data-testid="login-to-trade"
    >
      {t('form.login')}
    </Link>
  );
});

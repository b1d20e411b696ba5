import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../components/toast';
import { useCall } from '../../core/use-call';
import { Screen } from '../../components/screen';
import { CodePasswordForm } from './code-password-form';
import { RequireUser } from '../../components/require-user';

const FIELDS = ['code', 'password', 'confirm'];

/** /pages/mine/setPwd: set a new login password with a code sent to the account. */
export function SetPwdPage() {
  const { t } = useTranslation('mine');
  const call = useCall();
  const navigate = useNavigate();
  return (
    <Screen backTo="/pages/mine/security">
      <RequireUser>
        {(user) => (
          <div className="auth">
            <p className="auth__intro">{t('setPwd.intro')}</p>
            <CodePasswordForm
              scene="setPwd"
              account={user.account}
              passwordLabel={t('fields.newPassword')}
              submit={(v) => call('user/setPwd', v, { fields: FIELDS })}
              done={() => {
                toast.success(t('setPwd.done'));
                void navigate('/pages/mine/security', { replace: true });
              }}
            />
          </div>
        )}
      </RequireUser>
    </Screen>
  );
}

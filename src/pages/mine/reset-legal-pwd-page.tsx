import { useTranslation } from '../../i18n/use-translation';
import { toast } from '../../components/toast';
import { useUser } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { Screen } from '../../components/screen';
import { useGoBack } from '../../components/use-go-back';
import { CodePasswordForm } from './code-password-form';
import { RequireUser } from '../../components/require-user';

const FIELDS = ['code', 'password', 'confirm'];

/** /pages/mine/resetLegalPwd: set or reset the trade password with a code (spec §8 modal target). */
export function ResetLegalPwdPage() {
  const { t } = useTranslation('mine');
  const call = useCall();
  // Back to where the trade-password prompt came from (spec §8), else to the security centre.
  const goBack = useGoBack('/pages/mine/security');
  const { setUser } = useUser();
  return (
    <Screen backTo="/pages/mine/security">
      <RequireUser>
        {(user) => (
          <div className="auth">
            <p className="auth__intro">{t('tradePwd.introSet')}</p>
            <CodePasswordForm
              scene="tradePwd"
              account={user.account}
              passwordLabel={t('fields.tradePassword')}
              submit={(v) => call('user/tradePwd', v, { fields: FIELDS })}
              done={() => {
                setUser({ ...user, hasTradePassword: true });
                toast.success(t('tradePwd.done'));
                goBack();
              }}
            />
          </div>
        )}
      </RequireUser>
    </Screen>
  );
}

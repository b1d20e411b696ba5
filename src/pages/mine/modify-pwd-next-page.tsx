import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../components/toast';
import { useCall } from '../../core/use-call';
import { Screen } from '../../components/screen';
import { RequireUser } from '../../components/require-user';
import { TicketPasswordForm } from './ticket-password-form';

/** /pages/mine/modifyPwdNext: the new login password after the current one was confirmed. */
export function ModifyPwdNextPage() {
  const { t } = useTranslation('mine');
  const call = useCall();
  const navigate = useNavigate();
  return (
    <Screen backTo="/pages/mine/modifyPwd">
      <RequireUser>
        {() => (
          <div className="auth">
            <TicketPasswordForm
              restart="/pages/mine/modifyPwd"
              submit={(ticket, v) =>
                call('user/modifyPwdNext', { ticket, ...v }, { fields: ['password', 'confirm'] })
              }
              done={() => {
                toast.success(t('modify.done'));
                void navigate('/pages/mine/security', { replace: true });
              }}
            />
          </div>
        )}
      </RequireUser>
    </Screen>
  );
}

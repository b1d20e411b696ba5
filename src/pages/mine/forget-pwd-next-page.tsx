import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../components/toast';
import { useCall } from '../../core/use-call';
import { Screen } from '../../components/screen';
import { TicketPasswordForm } from './ticket-password-form';

/** /pages/mine/forgetPwdNext: the new login password after the account was proven. */
export function ForgetPwdNextPage() {
  const { t } = useTranslation('mine');
  const call = useCall();
  const navigate = useNavigate();
  return (
    <Screen backTo="/pages/mine/forgetPwd">
      <div className="auth">
        <TicketPasswordForm
          restart="/pages/mine/forgetPwd"
          submit={(ticket, v) =>
            call('user/forgetNext', { ticket, ...v }, { fields: ['password', 'confirm'] })
          }
          done={() => {
            toast.success(t('forget.done'));
            void navigate('/pages/mine/login', { replace: true });
          }}
        />
      </div>
    </Screen>
  );
}

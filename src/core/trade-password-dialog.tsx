import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useTranslation } from '../i18n/use-translation';

/** The spec §8 HTTP 401 modal: "no trade password yet, set it now?" (lazy chunk with its texts). */
export function TradePasswordDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(['common', 'errors']);
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open
      message={t('errors:noTradePassword')}
      cancelLabel={t('actions.cancel')}
      confirmLabel={t('actions.confirm')}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        void navigate('/pages/mine/resetLegalPwd');
      }}
    />
  );
}

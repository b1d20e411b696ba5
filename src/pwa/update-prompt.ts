import { toast } from '../components/toast';
import { translate } from '../i18n/i18n';

/** "A new version is available — Reload to update": a toast that stays until acted on. */
export function showUpdatePrompt(apply: () => void): void {
  toast(translate('pwa.updateReady'), {
    id: 'pwa-update',
    duration: Infinity,
    action: { label: translate('pwa.updateAction'), onClick: apply },
  });
}

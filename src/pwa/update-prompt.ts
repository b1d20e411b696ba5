import { toast } from '../components/toast';
import { i18next } from '../i18n/i18n';

/** "A new version is available — Reload to update": a toast that stays until acted on. */
export function showUpdatePrompt(apply: () => void): void {
  toast(i18next.t('pwa.updateReady'), {
    id: 'pwa-update',
    duration: Infinity,
    action: { label: i18next.t('pwa.updateAction'), onClick: apply },
  });
}

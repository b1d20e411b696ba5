import { toast } from '../../../components/toast';
import { errorMessage } from '../../../i18n/i18n';

/** The invitation link: the app's register page with the promotion code (read by the register form). */
export function inviteLink(promoCode: string, loc: Pick<Location, 'origin' | 'pathname'> = location): string {
  return `${loc.origin}${loc.pathname}#/pages/mine/register?code=${encodeURIComponent(promoCode)}`;
}

/** Copies `text` and says whether it worked (spec §8: copy success or failure). */
export async function copyText(text: string): Promise<boolean> {
  try {
    // navigator.clipboard is missing on plain http (not a secure context): that is a failure too.
    await navigator.clipboard.writeText(text);
    toast.success(errorMessage('copySuccess'));
    return true;
  } catch {
    toast.error(errorMessage('copyFailure'));
    return false;
  }
}

/** Whether the device offers its own share sheet (Web Share API) for a link. */
export function canShare(data: ShareData): boolean {
  return typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true);
}

/**
 * Shares through the device's share sheet where there is one, otherwise copies the link. A share the
 * user dismissed is not an error.
 */
export async function shareOrCopy(data: ShareData & { url: string }): Promise<void> {
  if (canShare(data)) {
    try {
      await navigator.share(data);
      return;
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return;
    }
  }
  await copyText(data.url);
}

/** A share such as `0.2` as percentage points (`20`), by moving the decimal point: no float. */
export function sharePoints(share: string): string {
  const [whole = '0', frac = ''] = share.split('.');
  const f = frac.padEnd(2, '0');
  const int = `${whole}${f.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = f.slice(2).replace(/0+$/, '');
  return rest ? `${int}.${rest}` : int;
}

import type { CryptoDepositStatus } from '../../../../domain/funding';

/** How far a deposit is along its confirmations, for a progress bar such as `3/6`. */
export interface ConfirmationProgress {
  /** Confirmations counted toward the bar: never more than `target`. */
  shown: number;
  /** Confirmations after which the deposit may be withdrawn (the end of the bar). */
  target: number;
  /** Filled part of the bar, 0–100 (a count of blocks, not money). */
  percent: number;
  /** Where the credit mark sits on the bar, 0–100. */
  creditAt: number;
  /** The stage the counts put it in; the server's `status` is what the card names. */
  stage: CryptoDepositStatus;
}

/**
 * The progress of a deposit with `confirmations` toward `final` (spec §9: credited at 1,
 * withdrawable at 6). A chain can report more confirmations than `final`; the bar stops full.
 */
export function confirmationProgress(
  confirmations: number,
  credit: number,
  final: number,
): ConfirmationProgress {
  const target = Math.max(1, final);
  const shown = Math.min(Math.max(0, Math.floor(confirmations)), target);
  const stage: CryptoDepositStatus = shown >= target ? 'final' : shown >= credit ? 'credited' : 'pending';
  return {
    shown,
    target,
    percent: Math.round((shown / target) * 100),
    creditAt: Math.round((Math.min(credit, target) / target) * 100),
    stage,
  };
}

/** A long hash or address shortened in the middle (`TQn9…x7Yz`), for cards; the full text is copied. */
export function middleEllipsis(text: string, head = 8, tail = 6): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}

/** A query-string id such as `?id=12`: a positive integer, else null. */
export function idParam(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

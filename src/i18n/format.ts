import { BCP47 } from '../../domain/locale';
import type { Lang } from '../../domain/locale';

/** Formats an ISO 8601 time for display in the UI language's conventions. */
export function formatDateTime(iso: string, lang: Lang): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(BCP47[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** Formats a time of day (for "updated at" stamps). */
export function formatTime(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(BCP47[lang], { timeStyle: 'short' }).format(date);
}

/** Formats a whole number that is not money (credit score, counts) with the language's grouping. */
export function formatCount(n: number, lang: Lang): string {
  return new Intl.NumberFormat(BCP47[lang], { maximumFractionDigits: 0 }).format(n);
}

import type { ExternalToast } from 'sonner';
import { hasText, loadNamespaces, translate } from '../i18n/i18n';

type Sonner = typeof import('sonner');
type Kind = 'message' | 'success' | 'error' | 'info';

let sonner: Promise<Sonner> | null = null;
let mounted: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => (mounted = resolve));
let wanted = false;
const wantListeners = new Set<() => void>();
const shownListeners = new Set<() => void>();

/**
 * A toast raised this long before its page is left reports what sent the user on ("Saved", then
 * the list): it goes with them. Older ones belong to the page left and are dismissed with it.
 */
export const CARRY_MS = 1000;
/** The toasts the current page raised: id → when. */
const raised = new Map<string, number>();
/** Ids dismissed before sonner showed them (it loads lazily): they are not shown at all. */
const dropped = new Set<string>();

/**
 * The page is being left (the router calls this as a route unmounts): its toasts go with it, so
 * a "not found" or an error never speaks on the next page. See {@link CARRY_MS}.
 */
export function pageLeft(now = Date.now()): void {
  const old = [...raised].filter(([, at]) => now - at > CARRY_MS).map(([id]) => id);
  raised.clear();
  if (old.length === 0) return;
  for (const id of old) dropped.add(id);
  void loadSonner().then(({ toast: t }) => {
    for (const id of old) t.dismiss(id);
  });
}

/** Calls `listener` just before each toast shows (the toast area places itself then); returns the unsubscribe. */
export function onToastShown(listener: () => void): () => void {
  shownListeners.add(listener);
  return () => shownListeners.delete(listener);
}

/** Loads sonner on first use (it is not part of the first load: home shows no toast). */
export function loadSonner(): Promise<Sonner> {
  return (sonner ??= import('sonner'));
}

/** Called by the lazily mounted `<Toaster>` once it listens, so no toast is shown before it can be. */
export function toasterMounted(): void {
  mounted();
}

/** Whether a toast was asked for, so the app mounts the toast area (subscribe to learn when). */
export function toastsWanted(): boolean {
  return wanted;
}

/** Calls `listener` when the first toast is asked for; returns the unsubscribe. */
export function onToastsWanted(listener: () => void): () => void {
  wantListeners.add(listener);
  return () => wantListeners.delete(listener);
}

function show(kind: Kind, text: string, options?: ExternalToast): void {
  // Same kind and text → same id: a repeated message updates the one on screen instead of stacking
  // (offline, every failed action used to add another "You are offline").
  const opts: ExternalToast = { id: `${kind}:${text}`, ...options };
  const id = String(opts.id);
  raised.set(id, Date.now());
  dropped.delete(id);
  if (!wanted) {
    wanted = true;
    for (const listener of wantListeners) listener();
  }
  void Promise.all([loadSonner(), toasterReady, loadNamespaces(['errors'])]).then(([{ toast: t }]) => {
    // Its page was left before sonner could show it.
    if (dropped.delete(id)) return;
    // A message made before its texts arrived (`errorMessage` gives the key then) is translated now.
    const shown = hasText(`errors:${text}`) ? translate(`errors:${text}`) : text;
    for (const listener of shownListeners) listener();
    if (kind === 'message') t(shown, opts);
    else t[kind](shown, opts);
  });
}

/**
 * The app's toasts: sonner's API for the calls the app makes, loaded lazily, with same-message
 * toasts collapsed into one.
 */
export const toast = Object.assign(
  (text: string, options?: ExternalToast) => show('message', text, options),
  {
    success: (text: string, options?: ExternalToast) => show('success', text, options),
    error: (text: string, options?: ExternalToast) => show('error', text, options),
    info: (text: string, options?: ExternalToast) => show('info', text, options),
  },
);

import type { NavigateFunction } from 'react-router-dom';
import type { Outcome } from '../../domain/envelope';
import type { ErrorKey } from '../../domain/errors';
import { toast } from '../components/toast';
import { errorMessage } from '../i18n/i18n';

/** A failed outcome: the one place where the spec §8 table is turned into UI behaviour. */
export type Failure = Extract<Outcome<unknown>, { ok: false }>;

/** Options of one call. */
export interface CallOptions {
  /**
   * Form fields the caller shows inline. A `message` failure naming one of them is left to the
   * form (no toast), so the user sees it next to what they typed.
   */
  fields?: readonly string[];
  /**
   * Message keys the page shows as a state of its own, such as a missing record's "not found":
   * no toast, which would outlive the page and say it twice.
   */
  states?: readonly ErrorKey[];
}

/**
 * The server was not reached: for a read whose page shows the device's copy (dated) or its own
 * retry, no toast. The offline banner already says why, and an offline reload would otherwise raise
 * a toast over the saved view (issue 29). Pass as {@link CallOptions.states}.
 */
export const UNREACHED: readonly ErrorKey[] = ['offline', 'timeout'];

/** What the handler needs from the app; passed in so the table stays testable without React. */
export interface IntentDeps {
  navigate: NavigateFunction;
  /** Current route path, to return there after logging in. */
  path: string;
  /** Whether a user was signed in when the call was made (else no session can have expired). */
  signedIn: boolean;
  /** Forgets the signed-in user (the worker already dropped the token). */
  signOut(): void;
  /** Opens the "no trade password yet, set it now?" modal. */
  askTradePassword(): void;
}

/** Pages a `login` intent must not bounce to the login page from. */
const AUTH_PAGES = ['/pages/mine/login', '/pages/mine/register', '/pages/mine/forgetPwd'];

/** The text to show for a failure: the server's own (already translated) text, else our key's text. */
export function failureText(failure: Failure): string {
  if (failure.message) return failure.message;
  return errorMessage(failure.messageKey ?? 'badRequest');
}

/** True when the failure belongs inline to one of the form's fields. */
export function isFieldFailure(failure: Failure, options: CallOptions | undefined): boolean {
  return failure.intent === 'message' && !!failure.field && !!options?.fields?.includes(failure.field);
}

/** True when the page shows this failure as a state of its own (see {@link CallOptions.states}). */
function isStateFailure(failure: Failure, options: CallOptions | undefined): boolean {
  return (
    failure.intent === 'message' && !!failure.messageKey && !!options?.states?.includes(failure.messageKey)
  );
}

/** Spec §8, in one place: what the UI does for each intent. */
export function handleFailure(failure: Failure, deps: IntentDeps, options?: CallOptions): void {
  const { navigate } = deps;
  switch (failure.intent) {
    case 'login':
      // Someone who was not signed in is asked to sign in, not told a session expired (issue 29).
      if (!deps.signedIn) toast.error(errorMessage('signInRequired'));
      else if (failure.message || failure.messageKey) toast.error(failureText(failure));
      deps.signOut();
      if (!AUTH_PAGES.some((p) => deps.path.startsWith(p))) {
        void navigate('/pages/mine/login', { state: { from: deps.path } });
      }
      return;
    case 'kyc':
      if (failure.message) toast(failure.message);
      // The page returns here once the identity is verified.
      void navigate('/pages/mine/real_authentication', { state: { from: deps.path } });
      return;
    case 'paymentInfo':
      if (failure.message) toast(failure.message);
      void navigate('/pages/mine/collect_money');
      return;
    case 'serverFault':
      toast.error(errorMessage('serverFault'));
      return;
    case 'tradePassword':
      deps.askTradePassword();
      return;
    case 'message':
      if (!isFieldFailure(failure, options) && !isStateFailure(failure, options)) {
        toast.error(failureText(failure));
      }
      return;
  }
}

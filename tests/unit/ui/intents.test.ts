import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IntentDeps } from '../../../src/core/intents';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }));
vi.mock('../../../src/components/toast', () => ({ toast }));
vi.mock('../../../src/i18n/i18n', () => ({ errorMessage: (key: string) => `t(${key})` }));

const { handleFailure } = await import('../../../src/core/intents');

function deps(path = '/pages/trade/trade', signedIn = true): IntentDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    path,
    signedIn,
    navigate: vi.fn(
      (to: unknown) => void calls.push(`navigate ${String(to)}`),
    ) as unknown as IntentDeps['navigate'],
    signOut: () => void calls.push('signOut'),
    askTradePassword: () => void calls.push('askTradePassword'),
  };
}

describe('the spec §8 intent table', () => {
  beforeEach(() => {
    toast.mockClear();
    toast.error.mockClear();
  });

  it('login: shows the message, forgets the user and goes to login, remembering where from', () => {
    const d = deps();
    handleFailure({ ok: false, intent: 'login', message: 'Sesi berakhir' }, d);
    expect(toast.error).toHaveBeenCalledWith('Sesi berakhir');
    expect(d.calls).toEqual(['signOut', 'navigate /pages/mine/login']);
    expect(d.navigate).toHaveBeenCalledWith('/pages/mine/login', { state: { from: '/pages/trade/trade' } });
  });

  it('login for someone never signed in asks them to sign in; no session "expired" (issue 29)', () => {
    const d = deps('/pages/legal/recordlist', false);
    handleFailure({ ok: false, intent: 'login', message: 'Sesi Anda telah berakhir' }, d);
    expect(toast.error.mock.calls).toEqual([['t(signInRequired)']]);
    expect(d.calls).toEqual(['signOut', 'navigate /pages/mine/login']);
  });

  it('login on the login page itself does not navigate in a loop', () => {
    const d = deps('/pages/mine/login');
    handleFailure({ ok: false, intent: 'login' }, d);
    expect(d.calls).toEqual(['signOut']);
  });

  it('kyc and paymentInfo go to their pages', () => {
    const d = deps();
    handleFailure({ ok: false, intent: 'kyc' }, d);
    handleFailure({ ok: false, intent: 'paymentInfo' }, d);
    expect(d.calls).toEqual([
      'navigate /pages/mine/real_authentication',
      'navigate /pages/mine/collect_money',
    ]);
    // Identity verification returns to where the 998 came from once verified.
    expect(d.navigate).toHaveBeenCalledWith('/pages/mine/real_authentication', {
      state: { from: '/pages/trade/trade' },
    });
  });

  it('serverFault toasts the server-fault text in the user language', () => {
    const d = deps();
    handleFailure({ ok: false, intent: 'serverFault', messageKey: 'serverFault' }, d);
    expect(toast.error).toHaveBeenCalledWith('t(serverFault)');
    expect(d.calls).toEqual([]);
  });

  it('tradePassword opens the modal', () => {
    const d = deps();
    handleFailure({ ok: false, intent: 'tradePassword', messageKey: 'noTradePassword' }, d);
    expect(d.calls).toEqual(['askTradePassword']);
  });

  it('message: the server text, else the key text', () => {
    const d = deps();
    handleFailure({ ok: false, intent: 'message', message: 'Saldo tidak cukup' }, d);
    handleFailure({ ok: false, intent: 'message', messageKey: 'offline' }, d);
    expect(toast.error.mock.calls).toEqual([['Saldo tidak cukup'], ['t(offline)']]);
  });

  it('a failure the page shows as a state (a missing record) raises no toast', () => {
    const d = deps();
    const failure = { ok: false as const, intent: 'message' as const, messageKey: 'notFound' as const };
    handleFailure(failure, d, { states: ['notFound'] });
    expect(toast.error).not.toHaveBeenCalled();
    handleFailure(failure, d, { states: ['badRequest'] });
    expect(toast.error).toHaveBeenCalledWith('t(notFound)');
  });

  it('message on a field the form shows inline is left to the form', () => {
    const d = deps();
    const failure = {
      ok: false as const,
      intent: 'message' as const,
      messageKey: 'codeWrong' as const,
      field: 'code',
    };
    handleFailure(failure, d, { fields: ['code'] });
    expect(toast.error).not.toHaveBeenCalled();
    handleFailure(failure, d, { fields: ['account'] });
    expect(toast.error).toHaveBeenCalledWith('t(codeWrong)');
  });
});

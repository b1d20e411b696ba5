import type { KycState } from '../../domain';
import { fail } from '../http/app-error';
import { intField, str } from '../http/input';
import { normalizeAccount } from '../mine/users';
import type { ServerModule } from '../module';

const KYC_STATES: readonly KycState[] = ['none', 'review', 'verified'];

/**
 * The operator's own routes: the audit trail, and setting a user's identity-verification state
 * (which raises the withdrawal limit) until the KYC review flow exists. Each area adds its reviews
 * (bank deposits, withdrawals, simulated chain) to `ctx.ops` from its own module.
 */
export const opsModule: ServerModule = {
  name: 'ops',
  register(ctx) {
    const { ops, opsJournal, sqlite } = ctx;
    // Lets the ops CLI find each route's method without a copy of this list.
    ops.add('GET', 'routes', () => ops.routes().map((r) => ({ name: r.name, method: r.method })));
    ops.add('GET', 'actions', ({ input }) => {
      const before =
        str(input, 'before') === ''
          ? null
          : intField(input, 'before', { min: 1, max: Number.MAX_SAFE_INTEGER });
      const limit = intField(input, 'limit', { min: 1, max: 500, fallback: 50 });
      return opsJournal.list(before, limit);
    });

    const findUser = sqlite.prepare<[string], { id: number; kyc: KycState }>(
      'select id, kyc from users where account = ?',
    );
    const setKyc = sqlite.prepare<[KycState, number]>('update users set kyc = ? where id = ?');
    const applyKyc = sqlite.transaction((operator: string, userId: number, from: KycState, to: KycState) => {
      setKyc.run(to, userId);
      opsJournal.record({
        operator,
        action: 'user.kyc',
        targetType: 'users',
        targetId: String(userId),
        detail: { from, to },
      });
    });
    ops.add('POST', 'users/kyc', ({ operator, input }) => {
      const account = normalizeAccount(str(input, 'account'));
      if (!account) throw fail('required', 'account');
      const state = str(input, 'state').trim() as KycState;
      if (!KYC_STATES.includes(state)) throw fail('badRequest', 'state');
      const user = findUser.get(account);
      if (!user) throw fail('accountUnknown', 'account');
      applyKyc(operator, user.id, user.kyc, state);
      return { userId: user.id, kyc: state };
    });
  },
};

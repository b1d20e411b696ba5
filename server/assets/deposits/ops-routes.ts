import type { CryptoDepositStatus } from '../../../domain';
import { fail, str } from '../../http';
import { normalizeAccount } from '../../mine';
import type { OpsRegistry } from '../../ops';
import type { SimulatedChain } from '../chain';
import { pageArgs } from '../../shared/paging';
import { toCryptoDeposit } from './routes';
import { registerSimDepositOps, type SimDepositOpsDeps } from './sim-ops-routes';

/** What the deposit ops routes need. */
export interface DepositOpsDeps extends SimDepositOpsDeps {
  /** The simulated chain; null outside demo mode, and then the `sim/*` routes do not exist. */
  sim: SimulatedChain | null;
}

const STATUSES: readonly CryptoDepositStatus[] = ['pending', 'credited', 'final'];

/**
 * Operator routes of crypto deposits: the list of deposits, and in demo mode the simulated chain's
 * controls (`sim/deposit` sends coins from outside to an address, `sim/mine` mines blocks now). Each
 * simulated action is journaled with the operator who took it.
 */
export function registerDepositOps(ops: OpsRegistry, deps: DepositOpsDeps): void {
  const { sim, deposits, coins } = deps;

  ops.add('GET', 'deposits', 'read', async ({ input }) => {
    const status = str(input, 'status').trim();
    if (status !== '' && !STATUSES.includes(status as CryptoDepositStatus))
      throw fail('badRequest', 'status');
    const accountText = normalizeAccount(str(input, 'account'));
    let userId: number | null = null;
    if (accountText !== '') {
      const user = await deps.findUser(accountText);
      if (!user) throw fail('accountUnknown', 'account');
      userId = user.id;
    }
    const { before, limit } = pageArgs(input);
    const rows = await deposits.listWithAccounts({
      userId,
      coin: null,
      status: status === '' ? null : (status as CryptoDepositStatus),
      before,
      limit,
    });
    return rows.map((r) => ({
      ...toCryptoDeposit(r, coins),
      userId: r.userId,
      account: r.account,
      vout: r.vout,
      blockHeight: r.blockHeight,
      finalAt: r.finalAt,
    }));
  });

  if (sim) registerSimDepositOps(ops, sim, deps);
}

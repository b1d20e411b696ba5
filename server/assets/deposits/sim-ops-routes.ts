import Decimal from 'decimal.js';
import {
  addressFormatOk,
  findCoinChain,
  fromUnits,
  hasAtMostDecimals,
  toUnits,
  type ChainInfo,
  type CoinChain,
  type CoinInfo,
} from '../../../domain';
import { fail, intField, str, type Input } from '../../http';
import { normalizeAccount } from '../../mine';
import type { OpsJournal, OpsRegistry } from '../../ops';
import { SimTxConflictError, type SimulatedChain } from '../chain';
import type { DepositAddressStore } from './address-store';
import type { DepositStore } from './deposit-store';

/** What the simulated chain's controls need. */
export interface SimDepositOpsDeps {
  addresses: DepositAddressStore;
  deposits: DepositStore;
  opsJournal: OpsJournal;
  findUser(account: string): Promise<{ id: number } | undefined>;
  coins: readonly CoinInfo[];
  chains: readonly ChainInfo[];
  coinChains: readonly CoinChain[];
}

/** Largest simulated deposit, in whole coins: far below what the ledger's 64-bit sums can hold. */
export const SIM_DEPOSIT_MAX = '1000000000';
/** Most blocks one `sim/mine` call mines. */
export const SIM_MINE_MAX = 100;

const AMOUNT = /^\d+(\.\d+)?$/;
const TXID = /^[0-9A-Za-z]{8,100}$/;

function simAmount(input: Input, coin: CoinInfo): bigint {
  const amount = str(input, 'amount').trim();
  if (amount === '') throw fail('required', 'amount');
  if (!AMOUNT.test(amount) || !hasAtMostDecimals(amount, coin.decimals)) throw fail('amountFormat', 'amount');
  if (!new Decimal(amount).gt(0)) throw fail('amountPositive', 'amount');
  if (new Decimal(amount).gt(SIM_DEPOSIT_MAX)) throw fail('amountAboveMax', 'amount');
  return toUnits(amount);
}

/**
 * The simulated chain's operator controls (demo mode): `sim/deposit` sends coins from outside to an
 * address, `sim/mine` mines blocks now. Each action is journaled with the operator who took it.
 */
export function registerSimDepositOps(ops: OpsRegistry, sim: SimulatedChain, deps: SimDepositOpsDeps): void {
  const { addresses, deposits, opsJournal, coins, chains, coinChains } = deps;

  ops.add('POST', 'sim/deposit', 'sim', async ({ operator, input }) => {
    const found = findCoinChain(
      str(input, 'coin').trim(),
      str(input, 'chain').trim(),
      coinChains,
      chains,
      coins,
    );
    if ('problem' in found) throw fail(found.problem.key, found.problem.field);
    const { coin, chain, terms } = found.ok;
    if (!terms.depositEnabled) throw fail('depositDisabled', 'chain');
    const amount = simAmount(input, coin);

    const accountText = normalizeAccount(str(input, 'account'));
    let address = str(input, 'address').trim();
    if (accountText !== '' && address !== '') throw fail('badRequest', 'account');
    let userId: number | null = null;
    if (accountText !== '') {
      const user = await deps.findUser(accountText);
      if (!user) throw fail('accountUnknown', 'account');
      userId = user.id;
      address = await addresses.ensure(user.id, chain.id, () => sim.depositAddress(user.id, chain.id));
    } else {
      if (address === '') throw fail('required', 'address');
      if (!addressFormatOk(chain.format, address)) throw fail('addressFormat', 'address');
      userId = await addresses.owner(chain.id, address);
    }
    const txidText = str(input, 'txid').trim();
    if (txidText !== '' && !TXID.test(txidText)) throw fail('badRequest', 'txid');

    try {
      // Settles once the deposit service has stored the transfer, so its row is found below.
      const sent = await sim.sendDeposit(
        {
          chain: chain.id,
          coin: coin.symbol,
          address,
          amount,
          ...(txidText !== '' && { txid: txidText }),
        },
        (txid, replayed) => {
          const transfer = {
            chain: chain.id,
            coin: coin.symbol,
            address,
            amount: fromUnits(amount, coin.decimals),
            userId,
          };
          // A new transfer waits in the mempool; a replay stores nothing and stays where it was.
          const stored = replayed && { ...transfer, txid, blockHeight: replayed.blockHeight };
          return opsJournal.record({
            operator,
            action: 'sim.deposit',
            targetType: 'sim_chain_txs',
            targetId: `${chain.id}:${txid}`,
            detail: transfer,
            before: stored,
            after: stored || { ...transfer, txid, blockHeight: null },
          });
        },
      );
      const deposit = await deposits.byKey(chain.id, sent.txid, sent.vout);
      return {
        ...sent,
        chain: chain.id,
        coin: coin.symbol,
        address,
        amount: fromUnits(amount, coin.decimals),
        // Null for an address this exchange never handed out: the chain takes it, nobody is credited.
        userId,
        depositId: deposit?.id ?? null,
      };
    } catch (err) {
      if (err instanceof SimTxConflictError) throw fail('badRequest', 'txid');
      throw err;
    }
  });

  ops.add('POST', 'sim/mine', 'sim', async ({ operator, input }) => {
    const chainText = str(input, 'chain').trim();
    if (chainText !== '' && !chains.some((c) => c.id === chainText)) throw fail('unknownChain', 'chain');
    const blocks = intField(input, 'blocks', { min: 1, max: SIM_MINE_MAX });
    const chain = chainText === '' ? null : chainText;
    const heights = await sim.mine(chain, blocks, (mined) =>
      opsJournal.record({
        operator,
        action: 'sim.mine',
        targetType: 'sim_chain',
        targetId: chain ?? '*',
        detail: { blocks },
        before: { heights: Object.fromEntries(mined.map((m) => [m.chain, m.from])) },
        after: {
          heights: Object.fromEntries(mined.map((m) => [m.chain, m.to])),
          // The transfers the first new block included, as `sim.deposit` rows name them.
          included: mined.flatMap((m) => m.txids.map((t) => `${m.chain}:${t}`)),
        },
      }),
    );
    return { heights };
  });
}

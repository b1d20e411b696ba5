import { toUnits } from '../../domain';
import { lastAccrualAt } from '../../domain/lockming-math';
import { productSpecProblem } from '../../domain/lockming-rules';
import type { LockmingProductSpec } from '../../domain/lockming-types';
import { bool, fail, idField, notFound, optionalIntField, str, type Input } from '../http';
import type { ServerContext } from '../module';
import { toBalanceLine } from '../shared/balance-push';
import { HOUSE_USER_ID } from '../ledger';
import { toDetail } from './dto';
import type { LockmingService } from './service';
import type { ProductFields, ProductRow } from './store';

const TIME = { min: 0, max: Number.MAX_SAFE_INTEGER };

/** A product spec from an ops request (JSON or form), unchecked. */
function specOf(input: Input): LockmingProductSpec {
  const total = str(input, 'total').trim();
  return {
    kind: str(input, 'kind').trim() as LockmingProductSpec['kind'],
    coin: str(input, 'coin').trim().toUpperCase(),
    name: str(input, 'name'),
    days: optionalIntField(input, 'days', { min: 1, max: Number.MAX_SAFE_INTEGER }) ?? undefined,
    dailyRate: str(input, 'dailyRate').trim(),
    minAmount: str(input, 'minAmount').trim(),
    total: total === '' ? null : total,
    earlyRedeem: input.earlyRedeem === undefined ? undefined : bool(input, 'earlyRedeem'),
    opensAt: optionalIntField(input, 'opensAt', TIME) ?? -1,
    closesAt: optionalIntField(input, 'closesAt', TIME),
  };
}

/**
 * Checks a spec and turns it into the row's fields; a savings product's expiry moves back to the
 * payout instant of its UTC day, so its last payout and its expiry are the same instant.
 */
export function productFields(
  spec: LockmingProductSpec,
  service: LockmingService,
  now: number,
): ProductFields {
  const decimals = (coin: string) => (service.knowsCoin(coin) ? service.decimalsOf(coin) : undefined);
  const closesAt =
    spec.kind === 'savings' && spec.closesAt != null
      ? lastAccrualAt(spec.closesAt, service.accrualAtUtc)
      : spec.closesAt;
  const checked = { ...spec, closesAt };
  const problem = productSpecProblem(checked, decimals);
  if (problem) throw fail(problem.key, problem.field);
  if (spec.opensAt < now) throw fail('badRequest', 'opensAt');
  return {
    kind: spec.kind,
    coin: spec.coin,
    name: spec.name.trim(),
    days: spec.kind === 'lock' ? spec.days! : null,
    dailyRate: spec.dailyRate,
    minUnits: toUnits(spec.minAmount),
    totalUnits: spec.total == null ? null : toUnits(spec.total),
    earlyRedeem: spec.kind === 'savings' || spec.earlyRedeem === true,
    opensAt: spec.opensAt,
    closesAt: closesAt ?? null,
  };
}

const view = (p: ProductRow) => ({
  ...p,
  minUnits: String(p.minUnits),
  totalUnits: p.totalUnits === null ? null : String(p.totalUnits),
});

/**
 * Operator routes: products are created and edited only before they open (checked in the command
 * that writes, journaled there); the reserve is topped up from the house's own spot balance. No
 * route sets a rate already promised, a payout or a balance.
 */
export function registerLockmingOps(ctx: ServerContext, service: LockmingService): void {
  const { engine, ops, opsJournal } = ctx;

  ops.add('GET', 'lockming/products', 'read', async () => (await service.store.products()).map(view));

  ops.add('POST', 'lockming/products/create', 'review', async ({ operator, input }) => {
    const now = service.now();
    const fields = productFields(specOf(input), service, now);
    const id = await engine.writer.run(async () => {
      const id = await service.store.insertProduct(fields, operator, now);
      await opsJournal.record({
        operator,
        action: 'lockming.create',
        targetType: 'lockming_products',
        targetId: String(id),
        detail: {
          ...fields,
          minUnits: String(fields.minUnits),
          totalUnits: fields.totalUnits?.toString() ?? null,
        },
        before: null,
        after: view((await service.store.product(id))!),
      });
      return id;
    });
    return view((await service.store.product(id))!);
  });

  ops.add('POST', 'lockming/products/edit', 'review', async ({ operator, input }) => {
    const id = idField(input, 'id');
    const now = service.now();
    const fields = productFields(specOf(input), service, now);
    await engine.writer.run(async () => {
      const row = await service.store.product(id);
      if (!row) throw notFound();
      if (row.opensAt <= now || !(await service.store.updateProduct(id, fields, now))) {
        throw fail('lockmingProductOpen');
      }
      await opsJournal.record({
        operator,
        action: 'lockming.edit',
        targetType: 'lockming_products',
        targetId: String(id),
        detail: {
          ...fields,
          minUnits: String(fields.minUnits),
          totalUnits: fields.totalUnits?.toString() ?? null,
        },
        before: view(row),
        after: view((await service.store.product(id))!),
      });
    });
    return view((await service.store.product(id))!);
  });

  // A position with its receipts, for an operator answering a user (read-only).
  ops.add('GET', 'lockming/position', 'read', async ({ input }) => {
    const row = await service.store.position(idField(input, 'id'));
    if (!row) throw notFound();
    return {
      userId: row.userId,
      ...toDetail(row, await service.store.payoutsOf(row.id), service.decimalsOf(row.coin)),
    };
  });

  ops.add('GET', 'lockming/reserves', 'read', async () =>
    (await ctx.ledger.balancesOf(HOUSE_USER_ID)).filter((b) => b.account === 'finance').map(toBalanceLine),
  );

  ops.add('POST', 'lockming/reserve', 'review', async ({ operator, input }) => {
    const coin = str(input, 'coin').trim().toUpperCase();
    if (!service.knowsCoin(coin)) throw fail('unknownCoin', 'coin');
    const amount = str(input, 'amount').trim();
    if (!/^\d{1,15}(\.\d{1,8})?$/.test(amount) || toUnits(amount) <= 0n) throw fail('amountFormat', 'amount');
    // The house's spot and reserve (`finance`) balances of the coin, as this command sees them.
    const houseState = async () => {
      const line = async (account: 'spot' | 'finance') =>
        toBalanceLine({
          ...(await ctx.ledger.balance({ userId: HOUSE_USER_ID, account, coin })),
          account,
          coin,
        }).available;
      return { spot: await line('spot'), reserve: await line('finance') };
    };
    const txId = await engine.writer.run(async () => {
      const before = await houseState();
      const txId = await service.fundReserve(coin, toUnits(amount), operator);
      await opsJournal.record({
        operator,
        action: 'lockming.reserve',
        targetType: 'house',
        targetId: coin,
        detail: { amount, txId },
        before,
        after: await houseState(),
      });
      return txId;
    });
    return { coin, amount, txId };
  });
}

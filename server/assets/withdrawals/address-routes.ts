import { addressFormatOk, codeProblem, LABEL_MAX } from '../../../domain';
import type { Engine } from '../../db';
import { fail, notFound, str, sessionOf, type HandlerRegistry } from '../../http';
import type { Catalog } from '../../market';
import { type CodeStore, requireUser } from '../../mine';
import { coinChainOf, optionalCoinOrChain } from './catalog-input';
import { recordId, toBoundAddress } from './dto';
import type { WithdrawService } from './withdraw-service';

/** What the address routes need. */
export interface AddressRoutesDeps {
  engine: Engine;
  catalog: Catalog;
  codes: CodeStore;
  service: WithdrawService;
}

/** The caller's bound withdrawal addresses: bind (with a code), list and unbind. */
export function registerAddressRoutes(registry: HandlerRegistry, deps: AddressRoutesDeps): void {
  const { engine, catalog, codes, service } = deps;

  registry.add('assets/bindAddress', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    const { coin, chain } = coinChainOf(catalog, ctx.input);
    const address = str(ctx.input, 'address').trim();
    if (address === '') throw fail('required', 'address');
    if (!addressFormatOk(chain.format, address)) throw fail('addressFormat', 'address');
    const label = str(ctx.input, 'label').trim();
    if ([...label].length > LABEL_MAX) throw fail('textTooLong', 'label');
    const code = str(ctx.input, 'code');
    const codeKey = codeProblem(code);
    if (codeKey) throw fail(codeKey, 'code');
    const user = await requireUser(engine, userId);
    await codes.consume(user.account, 'bind', code);
    const row = await engine.writer.run(() =>
      service.addresses.bind({
        userId,
        coin: coin.symbol,
        chain: chain.id,
        address,
        label,
        createdAt: Date.now(),
      }),
    );
    return toBoundAddress(row);
  });

  registry.add('assets/addresses', async (ctx) => {
    const coin = optionalCoinOrChain(catalog, ctx.input, 'coin');
    const chain = optionalCoinOrChain(catalog, ctx.input, 'chain');
    return (await service.addresses.list(sessionOf(ctx).userId, coin, chain)).map(toBoundAddress);
  });

  registry.add('assets/unbindAddress', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    const id = recordId(ctx.input);
    if (!(await engine.writer.run(() => service.addresses.unbind(userId, id)))) throw notFound();
    return {};
  });
}

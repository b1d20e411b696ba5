import type { PaymentMethodReq } from '../../domain/legal';
import { checkPaymentMethod } from '../../domain/legal-rules';
import { sameHolder } from '../../domain';
import { fail, notFound, idField, optionalIdField, str, type HandlerRegistry } from '../http';
import type { LegalRouteDeps, LegalRouteKit } from './route-kit';
import { toMethod } from './views';

/** Payment methods per user. */
export const METHODS_MAX = 10;

/** The caller's payment methods: list, save (add or edit) and remove. */
export function registerMethodRoutes(registry: HandlerRegistry, d: LegalRouteDeps, kit: LegalRouteKit): void {
  const { store } = d;
  const { uid } = kit;

  registry.add('legal/methods', async (ctx) => (await store.methods(uid(ctx))).map(toMethod));
  registry.add(
    'legal/methodSave',
    async (ctx) => {
      const userId = uid(ctx);
      const editId = optionalIdField(ctx.input, 'id');
      const req: Partial<PaymentMethodReq> = Object.fromEntries(
        ['kind', 'realName', 'bank', 'cardNumber', 'account', 'nickname', 'qrId'].map((k) => [
          k,
          str(ctx.input, k),
        ]),
      );
      const m = checkPaymentMethod(req);
      if ('key' in m) throw fail(m.key, m.field);
      const now = d.now();
      // One command: the checks (the verified name, the code image, the method's owner, the count)
      // with the writes they allow.
      return store.engine.writer.run(async () => {
        const verified = await d.verifiedName(userId);
        if (m.realName && verified !== null && !sameHolder(m.realName, verified)) {
          throw fail('legalRealNameMismatch', 'realName');
        }
        if (m.qrId && !(await store.ownsUpload(m.qrId, userId))) throw fail('uploadRequired', 'qrId');
        let id: number;
        if (editId !== null) {
          const row = await store.method(editId);
          if (!row || row.userId !== userId) throw notFound();
          id = row.id;
          await store.updateMethod(id, { ...m, updatedAt: now });
        } else {
          if ((await store.methods(userId)).length >= METHODS_MAX) throw fail('badRequest', 'id');
          id = await store.insertMethod({ userId, ...m, updatedAt: now });
        }
        if (m.qrId) await store.keepImage(m.qrId, userId, 'method', now);
        return toMethod((await store.method(id))!);
      });
    },
    { limits: kit.perUser('legal/methodSave') },
  );
  registry.add('legal/methodRemove', async (ctx) => {
    const userId = uid(ctx);
    const methodId = idField(ctx.input, 'id');
    await store.engine.writer.run(async () => {
      const row = await store.method(methodId);
      if (!row || row.userId !== userId) throw notFound();
      // A sell ad still online needs a method of each kind it offers.
      const others = (await store.methods(userId)).filter((m) => m.id !== row.id && m.kind === row.kind);
      const inUse = (await store.adsOf(userId, null)).some(
        (a) => a.side === 'sell' && a.status !== 'withdrawn' && a.methods.split(',').includes(row.kind),
      );
      if (inUse && others.length === 0) throw fail('legalMethodInUse', 'id');
      await store.removeMethod(row.id, d.now());
    });
    return {};
  });
}

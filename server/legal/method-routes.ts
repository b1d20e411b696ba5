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

  registry.add('legal/methods', (ctx) => store.methods(uid(ctx)).map(toMethod));
  registry.add(
    'legal/methodSave',
    (ctx) => {
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
      const verified = d.verifiedName(userId);
      if (m.realName && verified !== null && !sameHolder(m.realName, verified)) {
        throw fail('legalRealNameMismatch', 'realName');
      }
      if (m.qrId && !store.ownsUpload(m.qrId, userId)) throw fail('uploadRequired', 'qrId');
      const now = d.now();
      return store.sqlite.transaction(() => {
        let id: number;
        if (editId !== null) {
          const row = store.method(editId);
          if (!row || row.userId !== userId) throw notFound();
          id = row.id;
          store.updateMethod(id, { ...m, updatedAt: now });
        } else {
          if (store.methods(userId).length >= METHODS_MAX) throw fail('badRequest', 'id');
          id = store.insertMethod({ userId, ...m, updatedAt: now });
        }
        if (m.qrId) store.keepImage(m.qrId, userId, 'method', now);
        return toMethod(store.method(id)!);
      })();
    },
    { limits: kit.perUser('legal/methodSave') },
  );
  registry.add('legal/methodRemove', (ctx) => {
    const userId = uid(ctx);
    const row = store.method(idField(ctx.input, 'id'));
    if (!row || row.userId !== userId) throw notFound();
    // A sell ad still online needs a method of each kind it offers.
    const others = store.methods(userId).filter((m) => m.id !== row.id && m.kind === row.kind);
    const inUse = store
      .adsOf(userId, null)
      .some((a) => a.side === 'sell' && a.status !== 'withdrawn' && a.methods.split(',').includes(row.kind));
    if (inUse && others.length === 0) throw fail('legalMethodInUse', 'id');
    store.removeMethod(row.id, d.now());
    return {};
  });
}

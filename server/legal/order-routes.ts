import type { LegalOrder, OrderMessage } from '../../domain/legal';
import { LEGAL_MESSAGE_MAX } from '../../domain/legal-rules';
import { fail, notFound, bool, idField, str, type HandlerRegistry } from '../http';
import { pageArgs } from '../shared/paging';
import type { LegalRouteDeps, LegalRouteKit } from './route-kit';
import type { LegalStore, OrderRow } from './store';

/** Orders of the caller: taking an ad, the list, one order, its steps, its images and chat. */
export function registerOrderRoutes(registry: HandlerRegistry, d: LegalRouteDeps, kit: LegalRouteKit): void {
  const { store, orders } = d;
  const { uid, after, orderView } = kit;

  registry.add(
    'legal/take',
    async (ctx) => {
      const userId = uid(ctx);
      const o = await orders.take(userId, {
        adId: idField(ctx.input, 'adId'),
        by: str(ctx.input, 'by') as 'amount',
        value: str(ctx.input, 'value'),
      });
      return after(o, userId);
    },
    { limits: kit.perUser('legal/take') },
  );
  registry.add('legal/orders', async (ctx) => {
    const userId = uid(ctx);
    const { before, limit } = pageArgs(ctx.input);
    const status = str(ctx.input, 'status').trim();
    const rows = await store.ordersOf(userId, {
      before,
      limit,
      status: status && status !== 'open' ? status : null,
      openOnly: status === 'open',
      asMerchant: bool(ctx.input, 'asMerchant'),
    });
    const views: LegalOrder[] = [];
    for (const o of rows) views.push(await orderView(o, userId));
    return views;
  });
  registry.add('legal/order', async (ctx) => {
    const userId = uid(ctx);
    return orderView((await orders.own(userId, idField(ctx.input, 'id'))).order, userId);
  });
  registry.add('legal/pay', async (ctx) => {
    const userId = uid(ctx);
    const id = idField(ctx.input, 'id');
    return after(await orders.pay(userId, id, str(ctx.input, 'reference')), userId);
  });
  registry.add('legal/release', async (ctx) => {
    const userId = uid(ctx);
    return after(await orders.release(userId, idField(ctx.input, 'id')), userId);
  });
  registry.add('legal/cancel', async (ctx) => {
    const userId = uid(ctx);
    return after(await orders.cancel(userId, idField(ctx.input, 'id')), userId);
  });
  registry.add('legal/appeal', async (ctx) => {
    const userId = uid(ctx);
    const o = await orders.appeal(
      userId,
      idField(ctx.input, 'id'),
      str(ctx.input, 'reason'),
      str(ctx.input, 'evidence'),
    );
    return after(o, userId);
  });
  registerOrderChatRoutes(registry, d, kit);
}

/** An order's images and chat messages, as its two parties see them. */
function registerOrderChatRoutes(registry: HandlerRegistry, d: LegalRouteDeps, kit: LegalRouteKit): void {
  const { store, orders } = d;
  const { uid } = kit;

  registry.add('legal/image', async (ctx) => {
    const userId = uid(ctx);
    const { order } = await orders.own(userId, idField(ctx.input, 'orderId'));
    const id = str(ctx.input, 'id').trim();
    if (!(await visibleImages(store, order)).has(id)) throw notFound();
    const img = await d.readUpload(id);
    if (!img) throw notFound();
    return { id, ...img };
  });
  registry.add('legal/messages', async (ctx) => {
    const userId = uid(ctx);
    const { order } = await orders.own(userId, idField(ctx.input, 'id'));
    return messagesOf(store, order);
  });
  registry.add(
    'legal/messageSend',
    async (ctx) => {
      const userId = uid(ctx);
      // An order's parties never change: checked before the command.
      const { order, role } = await orders.own(userId, idField(ctx.input, 'id'));
      const text = str(ctx.input, 'text').trim();
      const imageId = str(ctx.input, 'imageId').trim();
      if (!text && !imageId) throw fail('required', 'text');
      if ([...text].length > LEGAL_MESSAGE_MAX) throw fail('textTooLong', 'text');
      const now = d.now();
      const id = await store.engine.writer.run(async () => {
        // In the command that keeps it: the sweep of unused uploads may remove it until then.
        if (imageId && !(await store.ownsUpload(imageId, userId))) throw fail('uploadRequired', 'imageId');
        if (imageId) await store.keepImage(imageId, userId, 'chat', now);
        return store.insertMessage(order.id, userId, text, imageId, now);
      });
      await d.changed(order);
      const msg: OrderMessage = { id, role, text, imageId, at: now };
      return msg;
    },
    { limits: kit.perUser('legal/messageSend') },
  );
}

/** Images the parties of `order` may see: the payee's code images, appeal evidence and chat images. */
export async function visibleImages(store: LegalStore, order: OrderRow): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const m of JSON.parse(order.payee) as Array<{ qrId: string }>) if (m.qrId) ids.add(m.qrId);
  const appeal = await store.appeal(order.id);
  if (appeal) for (const e of JSON.parse(appeal.evidence) as string[]) ids.add(e);
  for (const m of await messagesOf(store, order)) if (m.imageId) ids.add(m.imageId);
  return ids;
}

export async function messagesOf(store: LegalStore, order: OrderRow): Promise<OrderMessage[]> {
  return (await store.messages(order.id)).map((r) => ({
    id: r.id,
    role: r.userId === order.buyerId ? 'buyer' : 'seller',
    text: r.text,
    imageId: r.imageId,
    at: r.createdAt,
  }));
}

import type { OrderMessage } from '../../domain/legal';
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
    (ctx) => {
      const userId = uid(ctx);
      const o = orders.take(userId, {
        adId: idField(ctx.input, 'adId'),
        by: str(ctx.input, 'by') as 'amount',
        value: str(ctx.input, 'value'),
      });
      return after(o, userId);
    },
    { limits: kit.perUser('legal/take') },
  );
  registry.add('legal/orders', (ctx) => {
    const userId = uid(ctx);
    const { before, limit } = pageArgs(ctx.input);
    const status = str(ctx.input, 'status').trim();
    const rows = store.ordersOf(userId, {
      before,
      limit,
      status: status && status !== 'open' ? status : null,
      openOnly: status === 'open',
      asMerchant: bool(ctx.input, 'asMerchant'),
    });
    return rows.map((o) => orderView(o, userId));
  });
  registry.add('legal/order', (ctx) => {
    const userId = uid(ctx);
    return orderView(orders.own(userId, idField(ctx.input, 'id')).order, userId);
  });
  registry.add('legal/pay', (ctx) => {
    const userId = uid(ctx);
    return after(orders.pay(userId, idField(ctx.input, 'id'), str(ctx.input, 'reference')), userId);
  });
  registry.add('legal/release', (ctx) => {
    const userId = uid(ctx);
    return after(orders.release(userId, idField(ctx.input, 'id')), userId);
  });
  registry.add('legal/cancel', (ctx) => {
    const userId = uid(ctx);
    return after(orders.cancel(userId, idField(ctx.input, 'id')), userId);
  });
  registry.add('legal/appeal', (ctx) => {
    const userId = uid(ctx);
    const o = orders.appeal(
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
    const { order } = orders.own(userId, idField(ctx.input, 'orderId'));
    const id = str(ctx.input, 'id').trim();
    if (!visibleImages(store, order).has(id)) throw notFound();
    const img = await d.readUpload(id);
    if (!img) throw notFound();
    return { id, ...img };
  });
  registry.add('legal/messages', (ctx) => {
    const userId = uid(ctx);
    const { order } = orders.own(userId, idField(ctx.input, 'id'));
    return messagesOf(store, order);
  });
  registry.add(
    'legal/messageSend',
    (ctx) => {
      const userId = uid(ctx);
      const { order, role } = orders.own(userId, idField(ctx.input, 'id'));
      const text = str(ctx.input, 'text').trim();
      const imageId = str(ctx.input, 'imageId').trim();
      if (!text && !imageId) throw fail('required', 'text');
      if ([...text].length > LEGAL_MESSAGE_MAX) throw fail('textTooLong', 'text');
      if (imageId && !store.ownsUpload(imageId, userId)) throw fail('uploadRequired', 'imageId');
      const now = d.now();
      const id = store.sqlite.transaction(() => {
        if (imageId) store.keepImage(imageId, userId, 'chat', now);
        return store.insertMessage(order.id, userId, text, imageId, now);
      })();
      d.changed(order);
      const msg: OrderMessage = { id, role, text, imageId, at: now };
      return msg;
    },
    { limits: kit.perUser('legal/messageSend') },
  );
}

/** Images the parties of `order` may see: the payee's code images, appeal evidence and chat images. */
export function visibleImages(store: LegalStore, order: OrderRow): Set<string> {
  const ids = new Set<string>();
  for (const m of JSON.parse(order.payee) as Array<{ qrId: string }>) if (m.qrId) ids.add(m.qrId);
  const appeal = store.appeal(order.id);
  if (appeal) for (const e of JSON.parse(appeal.evidence) as string[]) ids.add(e);
  for (const m of messagesOf(store, order)) if (m.imageId) ids.add(m.imageId);
  return ids;
}

function messagesOf(store: LegalStore, order: OrderRow): OrderMessage[] {
  return store.messages(order.id).map((r) => ({
    id: r.id,
    role: r.userId === order.buyerId ? 'buyer' : 'seller',
    text: r.text,
    imageId: r.imageId,
    at: r.createdAt,
  }));
}

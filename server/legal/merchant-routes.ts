import type { LegalAd } from '../../domain/legal';
import { LEGAL_TEXT_MAX } from '../../domain/legal-rules';
import {
  AppError,
  fail,
  notFound,
  bool,
  idField,
  integerText,
  optionalIdField,
  str,
  type HandlerRegistry,
} from '../http';
import type { LegalRouteDeps, LegalRouteKit } from './route-kit';

/** Becoming a merchant, a merchant's public store, and a merchant's own ads. */
export function registerMerchantRoutes(
  registry: HandlerRegistry,
  d: LegalRouteDeps,
  kit: LegalRouteKit,
): void {
  const { store, views, ads } = d;
  const { uid, dec } = kit;

  registry.add('legal/merchantApply', async (ctx) => {
    const userId = uid(ctx);
    const nickname = str(ctx.input, 'nickname').trim().replace(/\s+/g, ' ');
    // The checks in the command that files the application: two requests cannot both file one.
    await store.engine.writer.run(async () => {
      if (await store.merchant(userId)) throw fail('legalAlreadyMerchant');
      if ((await store.latestApplication(userId))?.status === 'review') throw fail('legalApplyPending');
      // Spec §7 variant 3: 998 sends the user to identity verification, 997 to payment info.
      if ((await views.user(userId))?.kyc !== 'verified') throw new AppError('kyc', 'legalKycRequired');
      if ((await store.methods(userId)).length === 0) {
        throw new AppError('paymentInfo', 'legalMethodRequired');
      }
      if (!nickname) throw fail('required', 'nickname');
      if ([...nickname].length > LEGAL_TEXT_MAX / 2) throw fail('textTooLong', 'nickname');
      await store.insertApplication(userId, nickname, d.now());
    });
    return kit.me(userId);
  });
  registry.add('legal/merchant', async (ctx) => {
    const info = await views.merchant(idField(ctx.input, 'userId'));
    if (!info) throw notFound();
    const now = d.now();
    const list: LegalAd[] = [];
    for (const r of await store.adsOf(info.userId, 'online')) {
      if (r.remaining > 0 && (r.expiresAt === null || r.expiresAt > now))
        list.push(await views.ad(r, dec(r.coin)));
    }
    return { ...info, ads: list };
  });
  registry.add('legal/myAds', async (ctx) => {
    const userId = uid(ctx);
    const status = str(ctx.input, 'status').trim() || null;
    const list: LegalAd[] = [];
    for (const r of await store.adsOf(userId, status)) list.push(await views.ad(r, dec(r.coin)));
    return list;
  });
  registry.add(
    'legal/adSave',
    async (ctx) => {
      const userId = uid(ctx);
      const req = {
        ...Object.fromEntries(
          ['side', 'coin', 'currency', 'price', 'min', 'max', 'total', 'methods'].map((k) => [
            k,
            str(ctx.input, k),
          ]),
        ),
        // Not `str`, which reads a list as absent: `autoCancelMin[]=5` would publish with no timer.
        autoCancelMin: integerText(ctx.input, 'autoCancelMin'),
      };
      const editId = optionalIdField(ctx.input, 'id');
      const row =
        editId !== null ? await ads.edit(userId, editId, req) : await ads.publish(userId, req as never);
      d.reschedule();
      return views.ad(row, dec(row.coin));
    },
    { limits: kit.perUser('legal/adSave') },
  );
  registry.add('legal/adPause', async (ctx) => {
    const row = await ads.pause(uid(ctx), idField(ctx.input, 'id'), bool(ctx.input, 'paused'));
    return views.ad(row, dec(row.coin));
  });
  registry.add('legal/adWithdraw', async (ctx) => {
    const row = await ads.withdraw(uid(ctx), idField(ctx.input, 'id'));
    d.reschedule();
    return views.ad(row, dec(row.coin));
  });
}

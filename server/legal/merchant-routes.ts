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

  registry.add('legal/merchantApply', (ctx) => {
    const userId = uid(ctx);
    const nickname = str(ctx.input, 'nickname').trim().replace(/\s+/g, ' ');
    if (store.merchant(userId)) throw fail('legalAlreadyMerchant');
    if (store.latestApplication(userId)?.status === 'review') throw fail('legalApplyPending');
    // Spec §7 variant 3: 998 sends the user to identity verification, 997 to payment info.
    if (views.user(userId)?.kyc !== 'verified') throw new AppError('kyc', 'legalKycRequired');
    if (store.methods(userId).length === 0) throw new AppError('paymentInfo', 'legalMethodRequired');
    if (!nickname) throw fail('required', 'nickname');
    if ([...nickname].length > LEGAL_TEXT_MAX / 2) throw fail('textTooLong', 'nickname');
    store.insertApplication(userId, nickname, d.now());
    return kit.me(userId);
  });
  registry.add('legal/merchant', (ctx) => {
    const info = views.merchant(idField(ctx.input, 'userId'));
    if (!info) throw notFound();
    const now = d.now();
    const list = store
      .adsOf(info.userId, 'online')
      .filter((r) => r.remaining > 0 && (r.expiresAt === null || r.expiresAt > now))
      .map((r) => views.ad(r, dec(r.coin)));
    return { ...info, ads: list };
  });
  registry.add('legal/myAds', (ctx) => {
    const userId = uid(ctx);
    const status = str(ctx.input, 'status').trim() || null;
    return store.adsOf(userId, status).map((r) => views.ad(r, dec(r.coin)));
  });
  registry.add(
    'legal/adSave',
    (ctx) => {
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
      const row = editId !== null ? ads.edit(userId, editId, req) : ads.publish(userId, req as never);
      d.reschedule();
      return views.ad(row, dec(row.coin));
    },
    { limits: kit.perUser('legal/adSave') },
  );
  registry.add('legal/adPause', (ctx) => {
    const row = ads.pause(uid(ctx), idField(ctx.input, 'id'), bool(ctx.input, 'paused'));
    return views.ad(row, dec(row.coin));
  });
  registry.add('legal/adWithdraw', (ctx) => {
    const row = ads.withdraw(uid(ctx), idField(ctx.input, 'id'));
    d.reschedule();
    return views.ad(row, dec(row.coin));
  });
}

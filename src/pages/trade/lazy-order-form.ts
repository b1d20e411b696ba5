import { deferredComponent } from '../../core/deferred-component';

/**
 * The order form (react-hook-form, its dialogs and previews), loaded apart from the trade page: the
 * page paints its frame without it (a first visit on a slow link shows the market sooner) and
 * fetches it once that first paint is done, beside the catalog, so the form is usually ready when
 * the rules are.
 */
export const lazyOrderForm = deferredComponent(() => import('./order-form').then((m) => m.OrderForm));

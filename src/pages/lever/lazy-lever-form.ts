import { deferredComponent } from '../../core/deferred-component';

/**
 * The open form (its checks, live preview and confirmation), loaded apart from the contract page:
 * the page paints the market and the form's frame first, and its first render (the longest task of
 * a first visit on a slow phone) runs in a task of its own once that paint is done.
 */
export const lazyLeverForm = deferredComponent(() => import('./lever-form').then((m) => m.LeverForm));

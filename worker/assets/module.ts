// The assets area of the worker: exact amount math of the funding forms and proof uploads.
// Decimal math loads with the first form that needs it, not with the first render.
import type { Outcome } from '../../domain';
import type { WorkerModuleFactory } from '../module';
import type { AmountAnswer, AmountQuery } from './funding';

/** The assets area's part of CoreApi. */
export interface AssetsApi {
  /** Exact, floored amount math for the assets forms (flooring, amount − fee, % shortcuts). */
  amounts(query: AmountQuery): Promise<AmountAnswer>;
  /**
   * Uploads a proof image (already compressed by the page) through `assets/upload`. Refuses types
   * other than JPEG, PNG and WebP and sizes above UPLOAD_MAX_BYTES before sending.
   */
  uploadImage(image: Blob): Promise<Outcome<{ id: string }>>;
}

export const assetsModule: WorkerModuleFactory<AssetsApi> = ({ call }) => ({
  api: {
    amounts: async (query) => (await import('./funding')).amounts(query),
    async uploadImage(image) {
      const encoded = await (await import('./funding')).encodeUpload(image);
      if (!encoded.ok) return encoded;
      return call('assets/upload', { mime: encoded.mime, data: encoded.data });
    },
  },
});

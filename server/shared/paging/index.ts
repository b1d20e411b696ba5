import { ASSETS_PAGE_MAX, ASSETS_PAGE_SIZE } from '../../../domain';
import { pageFields, type Input } from '../../http';

/** `before` (an id; the first page when absent) and `limit` (1..ASSETS_PAGE_MAX) of a history call. */
export function pageArgs(input: Input): { before: number; limit: number } {
  return pageFields(input, ASSETS_PAGE_SIZE, ASSETS_PAGE_MAX);
}

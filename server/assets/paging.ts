import { ASSETS_PAGE_MAX, ASSETS_PAGE_SIZE } from '../../domain';
import { fail } from '../http/app-error';
import { str, type Input } from '../http/input';

/** `before` (an id; the first page when absent) and `limit` (1..ASSETS_PAGE_MAX) of a history call. */
export function pageArgs(input: Input): { before: number; limit: number } {
  const beforeText = str(input, 'before').trim();
  const limitText = str(input, 'limit').trim();
  const before = beforeText === '' ? Number.MAX_SAFE_INTEGER : Number(beforeText);
  const limit = limitText === '' ? ASSETS_PAGE_SIZE : Number(limitText);
  if (!/^\d*$/.test(beforeText) || !Number.isSafeInteger(before) || before < 1) {
    throw fail('badRequest', 'before');
  }
  if (!/^\d*$/.test(limitText) || !Number.isSafeInteger(limit) || limit < 1 || limit > ASSETS_PAGE_MAX) {
    throw fail('badRequest', 'limit');
  }
  return { before, limit };
}

import type { OpsDuty } from '../../../domain/ops-api';
import type { ConsolePage } from '../pages/page';

/** The pages a role sees in the navigation: those whose duty it holds, in the registry's order. */
export function visiblePages(pages: readonly ConsolePage[], duties: readonly OpsDuty[]): ConsolePage[] {
  return pages.filter((p) => duties.includes(p.duty));
}

/** The page a path (below `/ops`) belongs to: the longest page path it starts with. */
export function pageOf(pages: readonly ConsolePage[], pathname: string): ConsolePage | undefined {
  const first = pathname.replace(/^\/+/, '').split('/')[0] ?? '';
  return pages.find((p) => p.path === first);
}

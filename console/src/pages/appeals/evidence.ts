// Which party showed which image in an appeal: the opener's evidence files and each side's chat
// images, so a reviewer sees both sides' proof apart (pure, unit-tested).
import type { OpsOrder } from '../../../worker/routes';

/** A party of a P2P order. */
export type Side = 'buyer' | 'seller';

/** An image one side showed: an upload id, where it came from, when (ms; null for appeal files). */
export interface Evidence {
  id: string;
  from: 'appeal' | 'chat';
  at: number | null;
  /** The chat line's text beside the image, if any. */
  text: string;
}

/** Upload ids of the appeal's evidence (JSON text in the row); none when it does not parse. */
export function appealFiles(appeal: OpsOrder['appeal']): string[] {
  if (!appeal) return [];
  try {
    const ids: unknown = JSON.parse(appeal.evidence);
    return Array.isArray(ids) ? ids.filter((v): v is string => typeof v === 'string' && v !== '') : [];
  } catch {
    return [];
  }
}

/**
 * Each side's images: the appeal's files go to the side that opened it, chat images to their sender;
 * an image shown twice is listed once, at its first showing.
 */
export function evidenceBySide(
  appeal: OpsOrder['appeal'],
  messages: readonly { role: Side; imageId: string; text: string; at: number }[],
): Record<Side, Evidence[]> {
  const out: Record<Side, Evidence[]> = { buyer: [], seller: [] };
  const seen = new Set<string>();
  const add = (side: Side, e: Evidence) => {
    if (seen.has(e.id)) return;
    seen.add(e.id);
    out[side].push(e);
  };
  if (appeal)
    for (const id of appealFiles(appeal)) add(appeal.openedBy, { id, from: 'appeal', at: null, text: '' });
  for (const m of messages)
    if (m.imageId) add(m.role, { id: m.imageId, from: 'chat', at: m.at, text: m.text });
  return out;
}

// The support inbox's state as the operator socket moves it: the conversation list re-ordered by a
// new message, unread counts cleared by a read receipt, assignees changed; the open conversation's
// messages appended and their receipts marked. Pure functions over the server's shapes, so the page
// only holds state and the logic is tested without a browser (tests/unit/console/inbox-logic.test.ts).
import type { OpsConversation, OpsEvent } from '../../../../domain/ops-api';
import type { KefuMessage } from '../../../../domain/kefu-types';
import type { Lang } from '../../../../domain/locale';

/** The inbox's filters, as the page holds them. */
export interface InboxFilter {
  mine: boolean;
  unread: boolean;
}

/** What an event does to the list: the new list, or `reload` when a conversation it lacks moved. */
export type ListChange = { list: OpsConversation[] } | { reload: true };

/** Whether a conversation belongs in the list under `filter` for operator `me`. */
export function fits(c: OpsConversation, filter: InboxFilter, me: string): boolean {
  return (!filter.mine || c.assignee === me) && (!filter.unread || c.unread > 0);
}

/**
 * Applies one socket event to the first page of the inbox (newest message first). A message moves
 * its conversation to the top with its text; a user's message adds one to the unread count. An
 * event for a conversation not on the page asks for a reload (its account is not in the event).
 * `firstPage` false (an older page is shown): the list is left alone rather than re-ordered.
 */
export function applyToList(
  list: readonly OpsConversation[],
  event: OpsEvent,
  filter: InboxFilter,
  me: string,
  firstPage = true,
): ListChange {
  if (event.type === 'queues') return { list: [...list] };
  const at = list.findIndex((c) => c.userId === event.userId);
  const found = at >= 0 ? list[at]! : undefined;
  if (event.type === 'kefu.message') {
    if (!firstPage) return { list: [...list] };
    if (!found) return { reload: true };
    const m = event.message;
    const moved: OpsConversation = {
      ...found,
      lastMessageId: Math.max(found.lastMessageId, m.id),
      lastMessageAt: Math.max(found.lastMessageAt, m.createdAt),
      lastText: m.id >= found.lastMessageId ? (m.kind === 'image' ? '' : m.text) : found.lastText,
      unread: found.unread + (m.sender === 'user' && m.readAt === null ? 1 : 0),
    };
    const rest = list.filter((_, i) => i !== at);
    return { list: fits(moved, filter, me) ? [moved, ...rest] : rest };
  }
  if (!found) {
    // A conversation assigned to me that the "mine" page lacks belongs on it now.
    const mineNow = event.type === 'kefu.assigned' && filter.mine && event.assignee === me;
    return mineNow && firstPage ? { reload: true } : { list: [...list] };
  }
  let next: OpsConversation = found;
  if (event.type === 'kefu.receipt') {
    // An operator read the user's messages up to `upTo`: those after it stay unread.
    if (event.sender !== 'user' || event.state !== 'read') return { list: [...list] };
    if (event.upTo < found.lastMessageId) return firstPage ? { reload: true } : { list: [...list] };
    next = { ...found, unread: 0 };
  } else {
    next = { ...found, assignee: event.assignee };
  }
  const out = [...list];
  if (fits(next, filter, me)) out[at] = next;
  else out.splice(at, 1);
  return { list: out };
}

/**
 * Adds `message` to a conversation's messages (oldest first) in id order. A message already there
 * (the socket's copy and the reply's answer) is kept once: receipts already known stay, a field the
 * other copy lacks (the operator's name) is filled.
 */
export function appendMessage<M extends KefuMessage & { operator?: string | null }>(
  messages: readonly M[],
  message: M,
): M[] {
  const at = messages.findIndex((m) => m.id === message.id);
  if (at >= 0) {
    const had = messages[at]!;
    const out = [...messages];
    out[at] = {
      ...had,
      deliveredAt: had.deliveredAt ?? message.deliveredAt,
      readAt: had.readAt ?? message.readAt,
      ...(had.operator == null && message.operator != null && { operator: message.operator }),
    };
    return out;
  }
  const out = [...messages, message];
  out.sort((a, b) => a.id - b.id);
  return out;
}

/** Marks the messages of `sender` up to `upTo` delivered or read at `at` (read implies delivered). */
export function applyReceipt<M extends KefuMessage>(
  messages: readonly M[],
  r: { sender: 'user' | 'operator'; upTo: number; state: 'delivered' | 'read'; at: number },
): M[] {
  return messages.map((m) => {
    if (m.sender !== r.sender || m.id > r.upTo) return m;
    const deliveredAt = m.deliveredAt ?? r.at;
    const readAt = r.state === 'read' ? (m.readAt ?? r.at) : m.readAt;
    return deliveredAt === m.deliveredAt && readAt === m.readAt ? m : { ...m, deliveredAt, readAt };
  });
}

/** The receipt of a message as its sender sees it. */
export function receiptOf(m: KefuMessage): 'sent' | 'delivered' | 'read' {
  return m.readAt !== null ? 'read' : m.deliveredAt !== null ? 'delivered' : 'sent';
}

/** The newest user message no operator has read, or null: what `kefu/read` marks when one looks. */
export function unreadUpTo(messages: readonly KefuMessage[]): number | null {
  const newest = messages.filter((m) => m.sender === 'user' && m.readAt === null).at(-1);
  return newest ? newest.id : null;
}

/**
 * The language a user most likely writes in, from the scripts of their newest text messages: Hangul
 * is Korean, kana Japanese, Devanagari Hindi, Vietnamese tone marks Vietnamese; Han characters are
 * Chinese, traditional forms (a few frequent ones) Hong Kong's. Latin without those marks cannot tell
 * English from Indonesian: `fallback` (the operator's own choice) then.
 */
export function guessLang(texts: readonly string[], fallback: Lang): Lang {
  const sample = texts.slice(-5).join(' ');
  if (/[\uac00-\ud7af]/.test(sample)) return 'kor';
  if (/[\u3040-\u30ff]/.test(sample)) return 'jp';
  if (/[\u0900-\u097f]/.test(sample)) return 'hi';
  if (/[\u4e00-\u9fff]/.test(sample)) return /[們個這為麼還們說錢帳戶請單開號]/.test(sample) ? 'hk' : 'zh';
  if (/[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i.test(sample)) return 'vi';
  if (/\b(saya|tidak|sudah|belum|bagaimana|terima kasih|tolong|dana|akun)\b/i.test(sample)) return 'id';
  return fallback;
}

/** A message id chosen by the console (KEFU_CLIENT_ID: 8 to 64 of `A-Za-z0-9_-`), so a retry sends once. */
export function newClientId(random: () => number = Math.random): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let id = 'ops_';
  for (let i = 0; i < 20; i += 1) id += chars[Math.floor(random() * chars.length)];
  return id;
}

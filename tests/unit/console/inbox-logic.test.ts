// The support inbox's live state (console/src/pages/inbox/inbox-logic.ts): what each socket event
// does to the conversation list and the open conversation, the read marking and the language guess.
import { describe, expect, it } from 'vitest';
import type { KefuMessage } from '../../../domain/kefu-types';
import type { OpsConversation, OpsEvent } from '../../../domain/ops-api';
import {
  appendMessage,
  applyReceipt,
  applyToList,
  guessLang,
  newClientId,
  receiptOf,
  unreadUpTo,
} from '../../../console/src/pages/inbox/inbox-logic';

const convo = (
  userId: number,
  lastMessageId: number,
  extra: Partial<OpsConversation> = {},
): OpsConversation => ({
  userId,
  account: `u${userId}@example.com`,
  lastMessageId,
  lastMessageAt: lastMessageId * 1000,
  lastText: `text ${lastMessageId}`,
  unread: 0,
  assignee: null,
  ...extra,
});

const msg = (id: number, sender: 'user' | 'operator', extra: Partial<KefuMessage> = {}): KefuMessage => ({
  id,
  clientId: null,
  sender,
  kind: 'text',
  text: `m${id}`,
  imageId: null,
  createdAt: id * 1000,
  deliveredAt: null,
  readAt: null,
  ...extra,
});

const ALL = { mine: false, unread: false };
const list = [convo(1, 30), convo(2, 20, { unread: 1 }), convo(3, 10)];

describe('inbox list under socket events', () => {
  it('moves a conversation with a new user message to the top, with its text and one more unread', () => {
    const e: OpsEvent = { type: 'kefu.message', userId: 3, message: msg(31, 'user', { text: 'help' }) };
    const out = applyToList(list, e, ALL, 'ann');
    expect('list' in out && out.list.map((c) => c.userId)).toEqual([3, 1, 2]);
    const moved = 'list' in out ? out.list[0]! : null;
    expect(moved).toMatchObject({ lastMessageId: 31, lastText: 'help', unread: 1, lastMessageAt: 31_000 });
  });

  it('an operator reply moves it too, without counting it unread; an image shows no text', () => {
    const e: OpsEvent = {
      type: 'kefu.message',
      userId: 2,
      message: msg(32, 'operator', { kind: 'image', text: '' }),
    };
    const out = applyToList(list, e, ALL, 'ann');
    expect('list' in out && out.list[0]).toMatchObject({ userId: 2, unread: 1, lastText: '' });
  });

  it('asks for a reload for a conversation not on the page, and leaves an older page alone', () => {
    const e: OpsEvent = { type: 'kefu.message', userId: 9, message: msg(40, 'user') };
    expect(applyToList(list, e, ALL, 'ann')).toEqual({ reload: true });
    const older = applyToList(list, { ...e, userId: 3 }, ALL, 'ann', false);
    expect('list' in older && older.list.map((c) => c.userId)).toEqual([1, 2, 3]);
  });

  it('a read receipt of the newest user message clears the unread count; the unread filter drops it', () => {
    const e: OpsEvent = { type: 'kefu.receipt', userId: 2, sender: 'user', upTo: 20, state: 'read', at: 5 };
    const all = applyToList(list, e, ALL, 'ann');
    expect('list' in all && all.list[1]!.unread).toBe(0);
    const unread = applyToList(list, e, { mine: false, unread: true }, 'ann');
    expect('list' in unread && unread.list.map((c) => c.userId)).toEqual([1, 3]);
    // Read up to an older message: newer ones may still be unread, so the count is asked again.
    expect(applyToList(list, { ...e, upTo: 19 }, ALL, 'ann')).toEqual({ reload: true });
    // Receipts of operator messages (the user read them) do not touch the count.
    const theirs = applyToList(list, { ...e, sender: 'operator' }, ALL, 'ann');
    expect('list' in theirs && theirs.list[1]!.unread).toBe(1);
  });

  it('an assignment changes the assignee; under "mine" another operator taking it removes it', () => {
    const mine = [convo(1, 30, { assignee: 'ann' })];
    const taken = applyToList(
      mine,
      { type: 'kefu.assigned', userId: 1, assignee: 'bob' },
      { mine: true, unread: false },
      'ann',
    );
    expect(taken).toEqual({ list: [] });
    const all = applyToList(list, { type: 'kefu.assigned', userId: 3, assignee: 'bob' }, ALL, 'ann');
    expect('list' in all && all.list[2]!.assignee).toBe('bob');
    // One assigned to me that "mine" lacks: reload the first page.
    const gained = applyToList(
      [],
      { type: 'kefu.assigned', userId: 7, assignee: 'ann' },
      { mine: true, unread: false },
      'ann',
    );
    expect(gained).toEqual({ reload: true });
  });
});

describe('the open conversation', () => {
  it('appends a message once, in id order, keeping receipts and filling the operator name', () => {
    type Op = KefuMessage & { operator: string | null };
    const base: Op[] = [
      { ...msg(1, 'user'), operator: null },
      { ...msg(3, 'operator'), operator: null },
    ];
    const out = appendMessage(base, { ...msg(2, 'user'), operator: null });
    expect(out.map((m) => m.id)).toEqual([1, 2, 3]);
    const read = applyReceipt(out, { sender: 'operator', upTo: 3, state: 'read', at: 9 });
    const again = appendMessage(read, { ...msg(3, 'operator'), operator: 'ann' });
    expect(again).toHaveLength(3);
    expect(again[2]).toMatchObject({ operator: 'ann', readAt: 9, deliveredAt: 9 });
  });

  it('marks receipts of one side up to an id; read implies delivered; earlier times stay', () => {
    const ms = [
      msg(1, 'operator', { deliveredAt: 2 }),
      msg(2, 'operator'),
      msg(3, 'user'),
      msg(4, 'operator'),
    ];
    const out = applyReceipt(ms, { sender: 'operator', upTo: 2, state: 'read', at: 7 });
    expect(out.map(receiptOf)).toEqual(['read', 'read', 'sent', 'sent']);
    expect(out[0]).toMatchObject({ deliveredAt: 2, readAt: 7 });
    const delivered = applyReceipt(ms, { sender: 'operator', upTo: 9, state: 'delivered', at: 8 });
    expect(delivered.map(receiptOf)).toEqual(['delivered', 'delivered', 'sent', 'delivered']);
  });

  it('marks read up to the newest unread user message, or nothing', () => {
    expect(unreadUpTo([msg(1, 'user'), msg(2, 'user'), msg(3, 'operator')])).toBe(2);
    expect(unreadUpTo([msg(1, 'user', { readAt: 5 }), msg(2, 'operator')])).toBeNull();
  });
});

describe('reply helpers', () => {
  it('guesses the conversation language from the user script, else the fallback', () => {
    expect(guessLang(['我的充值没有到账'], 'en')).toBe('zh');
    expect(guessLang(['我的帳戶為什麼還沒到'], 'en')).toBe('hk');
    expect(guessLang(['入金が反映されません'], 'en')).toBe('jp');
    expect(guessLang(['입금이 안 됐어요'], 'en')).toBe('kor');
    expect(guessLang(['मेरा पैसा नहीं आया'], 'en')).toBe('hi');
    expect(guessLang(['Tôi chưa nhận được tiền'], 'en')).toBe('vi');
    expect(guessLang(['Saya belum menerima dana'], 'en')).toBe('id');
    expect(guessLang(['My deposit is late'], 'zh')).toBe('zh');
    expect(guessLang([], 'en')).toBe('en');
  });

  it('makes client ids the server takes', () => {
    const id = newClientId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newClientId()).not.toBe(id);
  });
});

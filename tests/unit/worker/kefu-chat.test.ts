import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../../domain';
import type { KefuMessage } from '../../../domain/kefu-types';
import { createKefuChat, HISTORY_KEY, OUTBOX_KEY, type KefuView } from '../../../worker/kefu/chat';
import { datedKey } from '../../../worker/shared/dated';

type Reply = (req: Record<string, unknown>) => Outcome<unknown>;

/** A chat over fake core parts: a scripted server, an in-memory kv and a socket state hook. */
function setup(send: Reply) {
  const kv = new Map<string, unknown>();
  const calls: { name: string; req: Record<string, unknown> }[] = [];
  let onState: (s: string) => void = () => {};
  let nextId = 1;
  const stored: KefuMessage[] = [];
  const chat = createKefuChat({
    call: (async (name: string, req: Record<string, unknown>) => {
      calls.push({ name, req });
      if (name === 'kefu/send') {
        const out = send(req);
        if (!out.ok) return out;
        const m: KefuMessage = {
          id: nextId++,
          clientId: String(req.clientId),
          sender: 'user',
          kind: 'text',
          text: String(req.text),
          imageId: null,
          createdAt: 0,
          deliveredAt: null,
          readAt: null,
        };
        stored.push(m);
        return { ok: true, data: m };
      }
      if (name === 'kefu/history') return { ok: true, data: { messages: stored, unread: 0 } };
      return { ok: true, data: {} };
    }) as never,
    subscribe: () => 1,
    unsubscribe: () => {},
    onSocketState: (l) => (onState = l),
    get: async <T>(k: string) => kv.get(k) as T | undefined,
    set: async (k, v) => void kv.set(k, v),
    userId: () => 7,
    newId: (() => {
      let n = 0;
      return () => `client-${String(++n).padStart(4, '0')}`;
    })(),
  });
  let view: KefuView | null = null;
  void chat.watch((v) => (view = v));
  return { chat, kv, calls, stored, reconnect: () => onState('open'), view: () => view! };
}

const offline: Outcome<never> = { ok: false, intent: 'message', messageKey: 'offline' };

describe('support chat outbox', () => {
  it('keeps messages in order while offline and sends each once, with its first client id, on reconnect', async () => {
    let down = true;
    const t = setup(() => (down ? offline : { ok: true, data: null }));
    await t.chat.send({ text: 'one' });
    await t.chat.send({ text: 'two' });
    await t.chat.flush();
    expect(t.view().pending.map((p) => p.text)).toEqual(['one', 'two']);
    expect((t.kv.get(OUTBOX_KEY) as unknown[]).length).toBe(2);
    down = false;
    t.reconnect();
    await t.chat.flush();
    await new Promise((r) => setTimeout(r, 0));
    expect(t.stored.map((m) => [m.text, m.clientId])).toEqual([
      ['one', 'client-0001'],
      ['two', 'client-0002'],
    ]);
    expect(t.view().pending).toEqual([]);
    expect(t.kv.get(OUTBOX_KEY)).toEqual([]);
  });

  it('marks a message the server refuses as failed, never resends it, and sends the next one', async () => {
    const t = setup((req) =>
      req.text === 'bad'
        ? { ok: false, intent: 'message', messageKey: 'kefuTooLong' }
        : { ok: true, data: null },
    );
    await t.chat.send({ text: 'bad' });
    await t.chat.send({ text: 'good' });
    await t.chat.flush();
    await t.chat.flush();
    expect(t.view().pending).toMatchObject([{ text: 'bad', failed: 'kefuTooLong' }]);
    expect(t.calls.filter((c) => c.name === 'kefu/send' && c.req.text === 'bad')).toHaveLength(1);
    expect(t.stored.map((m) => m.text)).toEqual(['good']);
    await t.chat.discard(t.view().pending[0]!.clientId);
    expect(t.view().pending).toEqual([]);
  });

  it('refuses on the device what the server would refuse: empty, too long, wrong image type or size', async () => {
    const t = setup(() => ({ ok: true, data: null }));
    expect(await t.chat.send({ text: '   ' })).toMatchObject({ ok: false, messageKey: 'kefuEmpty' });
    expect(await t.chat.send({ text: 'x'.repeat(1001) })).toMatchObject({
      ok: false,
      messageKey: 'kefuTooLong',
    });
    const gif = new Blob([new Uint8Array(10)], { type: 'image/gif' });
    expect(await t.chat.send({ image: gif })).toMatchObject({ ok: false, messageKey: 'uploadType' });
    const big = new Blob([new Uint8Array(1024 * 1024 + 1)], { type: 'image/png' });
    expect(await t.chat.send({ image: big })).toMatchObject({ ok: false, messageKey: 'uploadTooLarge' });
    expect(t.calls.filter((c) => c.name === 'kefu/send')).toEqual([]);
  });
});

describe('support chat saved conversation', () => {
  const message = (id: number, text: string): KefuMessage => ({
    id,
    clientId: null,
    sender: 'operator',
    kind: 'text',
    text,
    imageId: null,
    createdAt: 0,
    deliveredAt: 1,
    readAt: null,
  });

  /** A chat of user `userId` over `kv`, whose server answers `kefu/history` with `messages` or is gone. */
  function chatOn(kv: Map<string, unknown>, userId: number, messages: KefuMessage[] | 'offline') {
    const chat = createKefuChat({
      call: (async (name: string) => {
        if (messages === 'offline') return offline;
        if (name === 'kefu/history') return { ok: true, data: { messages, unread: 1 } };
        return { ok: true, data: {} };
      }) as never,
      subscribe: () => 1,
      unsubscribe: () => {},
      onSocketState: () => {},
      get: async <T>(k: string) => kv.get(k) as T | undefined,
      set: async (k, v) => void kv.set(k, v),
      userId: () => userId,
      now: () => 5_000,
    });
    const views: KefuView[] = [];
    void chat.watch((v) => views.push(v));
    return { chat, views };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('keeps the conversation as a private dated copy and shows it, dated, when the server is gone', async () => {
    const kv = new Map<string, unknown>();
    chatOn(kv, 7, [message(1, 'hello')]);
    await settle();
    expect(kv.get(datedKey(HISTORY_KEY, 7))).toMatchObject({
      userId: 7,
      savedAt: 5_000,
      data: { messages: [{ id: 1 }], unread: 1 },
    });
    expect(kv.has(HISTORY_KEY)).toBe(false);

    const later = chatOn(kv, 7, 'offline');
    await settle();
    expect(later.views.at(-1)).toMatchObject({
      stale: true,
      savedAt: 5_000,
      unread: 1,
      messages: [{ text: 'hello' }],
    });
    const other = chatOn(kv, 8, 'offline');
    await settle();
    expect(other.views.at(-1)).toMatchObject({ messages: [], savedAt: null });
  });

  it('still shows a conversation kept before the dated cache', async () => {
    const kv = new Map<string, unknown>([
      [HISTORY_KEY, { userId: 7, savedAt: 4_000, messages: [message(1, 'old')], unread: 1 }],
    ]);
    const { views } = chatOn(kv, 7, 'offline');
    await settle();
    expect(views.at(-1)).toMatchObject({ stale: true, savedAt: 4_000, messages: [{ text: 'old' }] });
  });
});

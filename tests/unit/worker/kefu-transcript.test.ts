import { describe, expect, it } from 'vitest';
import type { KefuMessage } from '../../../domain/kefu-types';
import { createTranscript } from '../../../worker/kefu/transcript';
import type { KefuDeps } from '../../../worker/kefu/types';

const reply = (id: number): KefuMessage => ({
  id,
  clientId: null,
  sender: 'operator',
  kind: 'text',
  text: `reply ${id}`,
  imageId: null,
  createdAt: id,
  deliveredAt: null,
  readAt: null,
});

function transcript() {
  const deps = {
    call: async () => ({ ok: true, data: {} }),
    get: async () => undefined,
    set: async () => {},
    userId: () => 7,
  } as unknown as KefuDeps;
  const t = createTranscript(deps, () => 1_000);
  t.checkUser();
  return t;
}

describe('support conversation unread count', () => {
  it('counts an operator reply once when its event arrives after the page that already held it', () => {
    const t = transcript();
    t.readNewest({ messages: [reply(5)], unread: 1 });
    t.received(reply(5));
    expect(t.unread()).toBe(1);
    t.received(reply(6));
    expect(t.unread()).toBe(2);
    t.received(reply(6));
    expect(t.unread()).toBe(2);
  });

  it('does not count a reply already read on another device', () => {
    const t = transcript();
    t.received({ ...reply(8), readAt: 900 });
    expect(t.unread()).toBe(0);
  });
});

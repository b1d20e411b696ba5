import { describe, expect, it } from 'vitest';
import type { Authenticator, RevokeListener } from '../../../server/http/auth';
import { ChannelHub, type SocketClient } from '../../../server/http/channels';
import type { AuthSession } from '../../../server/http/registry';
import { SocketSessions } from '../../../server/http/socket-sessions';

/** An authenticator over a map of live tokens; `gate` holds a lookup until the test releases it. */
function fakeAuth() {
  const live = new Map<string, AuthSession>();
  const listeners = new Set<RevokeListener>();
  let revocations = 0;
  let gate: Promise<void> | null = null;
  const auth: Authenticator = {
    async resolve(token) {
      const session = live.get(token) ?? null;
      if (gate) await gate;
      return session;
    },
    onRevoke(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    revocations: () => revocations,
  };
  return {
    auth,
    live,
    hold() {
      let release!: () => void;
      gate = new Promise((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
    revoke(token: string) {
      const s = live.get(token)!;
      live.delete(token);
      revocations += 1;
      for (const l of listeners) l([s.tokenHash]);
    },
  };
}

function setup() {
  const hub = new ChannelHub();
  hub.onSubscribe('private', undefined, { private: true });
  hub.onSubscribe('tickers');
  const f = fakeAuth();
  const sessions = new SocketSessions(hub, f.auth);
  const got: string[] = [];
  const client: SocketClient = { userId: null, expiresAt: null, send: (m) => got.push(m.text) };
  const ended: number[] = [];
  return { hub, f, sessions, client, got, onEnd: () => ended.push(Date.now()), ended };
}

describe('SocketSessions', () => {
  it('a revocation unbinds the socket, drops its private channels and tells it', async () => {
    const { hub, f, sessions, client, onEnd, ended } = setup();
    f.live.set('t1', { userId: 7, tokenHash: 'h1', expiresAt: Date.now() + 60_000 });
    expect(await sessions.authenticate(client, 't1', onEnd)).not.toBeNull();
    hub.add(client, 'private');
    hub.add(client, 'tickers');
    f.revoke('t1');
    expect(client.userId).toBeNull();
    expect(ended).toHaveLength(1);
    expect(hub.hasSubscribers('private')).toBe(false);
    expect(hub.hasSubscribers('tickers')).toBe(true);
    expect(sessions.size).toBe(0);
  });

  it('a revocation landing while the token is being looked up still wins', async () => {
    const { f, sessions, client, onEnd } = setup();
    f.live.set('t1', { userId: 7, tokenHash: 'h1', expiresAt: Date.now() + 60_000 });
    const release = f.hold();
    const pending = sessions.authenticate(client, 't1', onEnd);
    // The lookup read the session as live; the logout commits before the binding is made.
    f.revoke('t1');
    release();
    expect(await pending).toBeNull();
    expect(client.userId).toBeNull();
    expect(sessions.size).toBe(0);
  });

  it('an expired session is unbound by its timer', async () => {
    const { f, sessions, client, onEnd, ended } = setup();
    f.live.set('t1', { userId: 7, tokenHash: 'h1', expiresAt: Date.now() + 50 });
    await sessions.authenticate(client, 't1', onEnd);
    expect(client.userId).toBe(7);
    await new Promise((r) => setTimeout(r, 120));
    expect(client.userId).toBeNull();
    expect(ended).toHaveLength(1);
  });

  it('a failed auth leaves no earlier identity behind', async () => {
    const { hub, f, sessions, client, onEnd } = setup();
    f.live.set('t1', { userId: 7, tokenHash: 'h1', expiresAt: Date.now() + 60_000 });
    await sessions.authenticate(client, 't1', onEnd);
    hub.add(client, 'private');
    expect(await sessions.authenticate(client, 'bogus', onEnd)).toBeNull();
    expect(client.userId).toBeNull();
    expect(hub.hasSubscribers('private')).toBe(false);
  });
});

describe('SocketSessions and closed sockets', () => {
  it('an auth that resolves after its socket closed binds nothing', async () => {
    const { f, sessions, client, onEnd } = setup();
    f.live.set('t1', { userId: 7, tokenHash: 'h1', expiresAt: Date.now() + 60_000 });
    const release = f.hold();
    const pending = sessions.authenticate(client, 't1', onEnd);
    sessions.detach(client);
    release();
    await pending;
    expect(sessions.size).toBe(0);
  });
});

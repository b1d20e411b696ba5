import type { Authenticator } from './auth';
import type { ChannelHub, SocketClient } from './channels';
import type { AuthSession } from './registry';

/** Longest delay a Node timer accepts (about 24.8 days); longer sessions are re-armed on wake-up. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Binding {
  tokenHash: string;
  expiresAt: number;
  timer: NodeJS.Timeout | null;
  /** Tells the socket its identity is gone (sends `sessionInvalid`). */
  onEnd: () => void;
}

/**
 * Which socket speaks for which session. A socket bound by `auth` loses its identity and its private
 * channels the moment its session is revoked (logout, password change or reset, announced by the
 * Authenticator) or expires (a timer per socket), so no private event reaches it afterwards.
 */
export class SocketSessions {
  readonly #bindings = new Map<SocketClient, Binding>();
  readonly #byToken = new Map<string, Set<SocketClient>>();
  /** Closed sockets: an `auth` still resolving when its socket closed must not bind it. */
  readonly #gone = new WeakSet<SocketClient>();
  readonly #stopListening: () => void;

  constructor(
    private readonly hub: ChannelHub,
    private readonly auth: Authenticator,
    private readonly now: () => number = Date.now,
  ) {
    this.#stopListening = auth.onRevoke((hashes) => {
      for (const hash of hashes) for (const client of [...(this.#byToken.get(hash) ?? [])]) this.end(client);
    });
  }

  /**
   * Resolves `token` and binds `client` to its session. Returns the session, or null (and leaves the
   * socket without identity) when the token is not live. A revocation that lands between the lookup
   * and the binding is caught by re-checking once the binding is in place.
   */
  async authenticate(client: SocketClient, token: string, onEnd: () => void): Promise<AuthSession | null> {
    const epoch = this.auth.revocations();
    const session = await this.auth.resolve(token);
    if (!session) {
      this.end(client, false);
      return null;
    }
    this.#bind(client, session, onEnd);
    if (this.auth.revocations() !== epoch && !(await this.auth.resolve(token))) {
      this.end(client, false);
      return null;
    }
    return session;
  }

  /** Drops the socket's identity and its private channels; `notify` tells the socket why. */
  end(client: SocketClient, notify = true): void {
    const binding = this.#unbind(client);
    client.userId = null;
    client.expiresAt = null;
    this.hub.dropPrivate(client);
    if (binding && notify) binding.onEnd();
  }

  /** Forgets a closed socket. */
  detach(client: SocketClient): void {
    this.#gone.add(client);
    this.#unbind(client);
  }

  /** Number of sockets bound to a session (for tests and metrics). */
  get size(): number {
    return this.#bindings.size;
  }

  /** Stops listening to revocations and cancels every expiry timer. */
  close(): void {
    this.#stopListening();
    for (const client of [...this.#bindings.keys()]) this.#unbind(client);
  }

  #bind(client: SocketClient, session: AuthSession, onEnd: () => void): void {
    if (this.#gone.has(client)) return;
    const previous = this.#bindings.get(client);
    // Switching to another user must not carry the first user's private subscriptions over.
    if (previous && client.userId !== session.userId) this.hub.dropPrivate(client);
    this.#unbind(client);
    const binding: Binding = {
      tokenHash: session.tokenHash,
      expiresAt: session.expiresAt,
      timer: null,
      onEnd,
    };
    this.#bindings.set(client, binding);
    let set = this.#byToken.get(session.tokenHash);
    if (!set) this.#byToken.set(session.tokenHash, (set = new Set()));
    set.add(client);
    client.userId = session.userId;
    client.expiresAt = session.expiresAt;
    this.#arm(client, binding);
  }

  #arm(client: SocketClient, binding: Binding): void {
    const delay = binding.expiresAt - this.now();
    if (delay <= 0) return this.end(client);
    binding.timer = setTimeout(
      () => {
        binding.timer = null;
        if (this.#bindings.get(client) === binding) this.#arm(client, binding);
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    binding.timer.unref();
  }

  #unbind(client: SocketClient): Binding | undefined {
    const binding = this.#bindings.get(client);
    if (!binding) return undefined;
    if (binding.timer) clearTimeout(binding.timer);
    this.#bindings.delete(client);
    const set = this.#byToken.get(binding.tokenHash);
    set?.delete(client);
    if (set?.size === 0) this.#byToken.delete(binding.tokenHash);
    return binding;
  }
}

// What the console's worker offers the page (through Comlink): sign-in, calls by route name, the
// socket's events. The session's token stays in here (client.ts).
import type { OpsEvent, OpsLoginStep, OpsMe } from '../../domain/ops-api';
import {
  createOpsClient,
  type CallResult,
  type ClientDeps,
  type OpsClient,
  type SignOutReason,
} from './client';
import type { RouteName, RouteReq, RouteRes } from './routes';
import { createOpsSocket, type OpsSocket, type SocketDeps, type SocketState } from './socket';

/** A session as the page knows it: who, until when; not the token. */
export interface SignedIn {
  me: OpsMe;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** The worker's face to the page. */
export interface ConsoleApi {
  /** The language of the server's messages. */
  setLang(lang: string): void;
  /** The password step: the TOTP step next, or enrolment of a second factor. */
  login(name: string, password: string): Promise<CallResult<OpsLoginStep>>;
  /** The TOTP step: opens the session and the socket. */
  totp(ticket: string, code: string): Promise<CallResult<SignedIn>>;
  /** The signed-in operator, or `signIn` without a session. */
  me(): Promise<CallResult<OpsMe>>;
  logout(): Promise<void>;
  call<N extends RouteName>(name: N, input: RouteReq<N>): Promise<CallResult<RouteRes<N>>>;
  onEvent(listener: (event: OpsEvent) => void): void;
  onSocketState(listener: (state: SocketState) => void): void;
  /** Called when the session ended (a 401, or sign-out): `idle` when the server's idle timeout ended it. */
  onSignedOut(listener: (reason: SignOutReason) => void): void;
}

/** How the demo build signs in (console/worker/demo): replaces the two sign-in steps. */
export interface SignInSteps {
  login(name: string, password: string): Promise<CallResult<OpsLoginStep>>;
  totp(ticket: string, code: string): Promise<CallResult<SignedIn>>;
  /** A reply the demo makes itself (a route the demo server lacks), or undefined to call the server. */
  answer?(name: RouteName, input: unknown): Promise<CallResult<unknown>> | undefined;
}

/** The real sign-in: `auth/login`, then `auth/totp`, whose token the client keeps. */
export function serverSignIn(client: OpsClient): SignInSteps {
  return {
    login: (name, password) => client.call('auth/login', { name, password }),
    async totp(ticket, code) {
      const r = await client.call('auth/totp', { ticket, code });
      if (!r.ok) return r;
      client.setToken(r.data.token);
      return { ok: true, data: { me: r.data.me, expiresAt: r.data.expiresAt } };
    },
  };
}

/** Builds the worker's face over a client and a socket. */
export function createConsoleApi(
  client: OpsClient,
  socket: OpsSocket,
  steps: (client: OpsClient) => SignInSteps = serverSignIn,
): ConsoleApi {
  const signIn = steps(client);
  const signedOut = new Set<(reason: SignOutReason) => void>();
  client.onSignedOut((reason) => {
    socket.stop();
    for (const l of signedOut) l(reason);
  });
  // The server closes the socket of a session that ended (idle, revoked): ask once, so the console
  // hears why and shows the sign-in now rather than at the operator's next click.
  socket.onState((state) => {
    if (state === 'off' && client.token() !== null) void client.call('auth/me', {});
  });
  return {
    setLang: (lang) => client.setLang(lang),
    login: (name, password) => signIn.login(name, password),
    async totp(ticket, code) {
      const r = await signIn.totp(ticket, code);
      if (r.ok) socket.start();
      return r;
    },
    async me() {
      if (client.token() === null) return { ok: false, problem: 'signIn' };
      const r = await client.call('auth/me', {});
      if (r.ok) socket.start();
      return r;
    },
    async logout() {
      if (client.token() !== null) await client.call('auth/logout', {});
      client.setToken(null);
      socket.stop();
      for (const l of signedOut) l('ended');
    },
    call(name, input) {
      const made = signIn.answer?.(name, input);
      return (made ?? client.call(name, input)) as ReturnType<ConsoleApi['call']>;
    },
    onEvent: (listener) => void socket.onEvent(listener),
    onSocketState: (listener) => void socket.onState(listener),
    onSignedOut: (listener) => void signedOut.add(listener),
  };
}

/** The worker's client and socket on `origin` (the page's own). */
export function createConsoleParts(
  origin: string,
  fetchFn: ClientDeps['fetch'],
  open: SocketDeps['open'],
): { client: OpsClient; socket: OpsSocket } {
  const client = createOpsClient({ origin, fetch: fetchFn });
  const socket = createOpsSocket({
    url: `${origin.replace(/^http/, 'ws')}/api/ops/ws`,
    open,
    token: () => client.token(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  });
  return { client, socket };
}

export type { CallResult, Problem, SignOutReason } from './client';
export type { SocketState } from './socket';

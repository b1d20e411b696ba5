import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointName, ErrorKey, Lang, Res } from '../../domain';
import type { Input } from './input';

/** The signed-in caller of an endpoint with `auth: true`. */
export interface AuthSession {
  userId: number;
  /** SHA-256 of the presented token, to revoke or keep exactly this session. */
  tokenHash: string;
  /** When the session ends by itself, in milliseconds since the epoch. */
  expiresAt: number;
}

/** What a handler gets. */
export interface HandlerContext {
  input: Input;
  /** The caller's language, for texts the handler writes itself. */
  lang: Lang;
  /** Client IP as Fastify resolved it (proxy-aware when TRUST_PROXY is on). */
  ip: string;
  /** Present exactly when the endpoint declares `auth: true`. */
  session: AuthSession | null;
  /**
   * The HTTP exchange, where the handler runs on the process that took the request; absent where a
   * core runs a call an edge forwarded (server/cluster). Only the HTTP assembly and limits use them.
   */
  request?: FastifyRequest;
  reply?: FastifyReply;
}

/** The signed-in caller, for handlers of `auth: true` endpoints. */
export function sessionOf(ctx: HandlerContext): AuthSession {
  if (!ctx.session) throw new Error('handler of a public endpoint asked for a session');
  return ctx.session;
}

/**
 * A request budget checked before the handler runs. `key` returns the bucket (such as the account);
 * different limits of one endpoint keep separate counters.
 */
export interface LimitSpec {
  max: number;
  /** Window length, in milliseconds. */
  windowMs: number;
  key(ctx: HandlerContext): string;
  /** Message key of the HTTP 429 reply. */
  errorKey: Extract<ErrorKey, 'rateLimited' | 'tooManyCodes'>;
}

/** Produces an endpoint's data; failures are thrown as AppError. */
export type Handler<K extends EndpointName> = (ctx: HandlerContext) => Promise<Res<K>> | Res<K>;

/** A registered handler with its limits. */
export interface HandlerEntry {
  handler: Handler<EndpointName>;
  limits: readonly LimitSpec[];
}

/**
 * Maps endpoint names of the domain table to handlers. Each area registers its own endpoints from
 * its own module; the HTTP assembly then serves every table entry at its declared path and method.
 */
export class HandlerRegistry {
  readonly #entries = new Map<EndpointName, HandlerEntry>();

  add<K extends EndpointName>(
    name: K,
    handler: Handler<K>,
    options: { limits?: readonly LimitSpec[] } = {},
  ): this {
    if (this.#entries.has(name)) throw new Error(`handler for ${name} registered twice`);
    this.#entries.set(name, { handler: handler as Handler<EndpointName>, limits: options.limits ?? [] });
    return this;
  }

  get(name: EndpointName): HandlerEntry | undefined {
    return this.#entries.get(name);
  }

  /**
   * Replaces the handler of every registered endpoint for which `by` returns one, keeping its limits
   * (a cluster's edge forwards calls to the core: server/cluster).
   */
  replaceHandlers(by: (name: EndpointName) => Handler<EndpointName> | undefined): void {
    for (const [name, entry] of this.#entries) {
      const handler = by(name);
      if (handler) entry.handler = handler;
    }
  }

  /**
   * Runs `then` after each successful reply of the registered endpoint `name` (its command has
   * committed): how an area tells others that something moved without their code in its handler.
   */
  after(name: EndpointName, then: () => void): this {
    const entry = this.#entries.get(name);
    if (!entry) throw new Error(`no handler for ${name}`);
    const { handler } = entry;
    entry.handler = async (ctx) => {
      const result = await handler(ctx);
      then();
      return result;
    };
    return this;
  }
}

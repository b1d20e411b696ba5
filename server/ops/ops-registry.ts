import type { OpsDuty, OpsRole } from '../../domain';
import type { Input } from '../http';

/**
 * Who called an ops route: an operator account (console session or personal API token), or in demo
 * mode the shared demo token acting as the operator named by `X-Operator`, with every duty.
 */
export interface OpsCaller {
  /** The account's id; null for the demo token. */
  operatorId: number | null;
  name: string;
  /** The account's role; null for the demo token. */
  role: OpsRole | null;
  duties: readonly OpsDuty[];
  /** SHA-256 of the console session token, when the call came with one. */
  sessionHash: string | null;
  /** The personal token's id, when the call came with one. */
  tokenId: number | null;
  /** When a TOTP code was last given on the console session (ms since the epoch); null otherwise. */
  stepUpAt: number | null;
}

/** The operator behind an ops request, and what they sent. */
export interface OpsContext {
  /** Who acted: the operator's name (lower case letters, digits, `.`, `_`, `-`); '' on public routes. */
  operator: string;
  input: Input;
  /** The caller; null on the public sign-in routes. */
  caller: OpsCaller | null;
  /** The caller's IP, recorded with every action (`OpsJournal.record` reads it by itself). */
  ip: string;
}

/** An operator action or query; failures are thrown as AppError like any handler's. */
export type OpsHandler = (ctx: OpsContext) => unknown;

/** A budget of a route, on @fastify/rate-limit (HTTP 429 `rateLimited` when spent). */
export interface OpsLimit {
  max: number;
  /** Window length, in milliseconds. */
  windowMs: number;
  /** The bucket of a request: its IP, the name it signs in as … */
  key(ctx: OpsContext): string;
}

/** One operator route, served at `/api/ops/{name}`. */
export interface OpsRoute {
  name: string;
  method: 'GET' | 'POST';
  /**
   * What the route does; the mount refuses an operator whose role does not hold it. `public`: the
   * sign-in steps, which come before any credential.
   */
  duty: OpsDuty | 'public';
  handler: OpsHandler;
  limits: readonly OpsLimit[];
}

/**
 * Operator routes, added by each area from its own module (bank deposits, withdrawals, the simulated
 * chain …) and mounted behind the operator's credentials. They are not in the app's endpoint table:
 * the app never calls them, only the console, the ops CLI and an operator's own tools do.
 */
export class OpsRegistry {
  readonly #routes = new Map<string, OpsRoute>();

  /** Adds a route; its `duty` (see `ROLE_DUTIES`) decides which roles may call it. */
  add(
    method: OpsRoute['method'],
    name: string,
    duty: OpsRoute['duty'],
    handler: OpsHandler,
    limits: readonly OpsLimit[] = [],
  ): this {
    if (!/^[a-z][a-zA-Z0-9/-]*$/.test(name)) throw new Error(`bad ops route name ${name}`);
    if (this.#routes.has(name)) throw new Error(`ops route ${name} registered twice`);
    this.#routes.set(name, { name, method, duty, handler, limits });
    return this;
  }

  /** Runs `then` after each successful reply of the registered route `name` (its command committed). */
  after(name: string, then: () => void): this {
    const route = this.#routes.get(name);
    if (!route) throw new Error(`no ops route ${name}`);
    const { handler } = route;
    route.handler = async (ctx) => {
      const result = await handler(ctx);
      then();
      return result;
    };
    return this;
  }

  routes(): OpsRoute[] {
    return [...this.#routes.values()];
  }
}

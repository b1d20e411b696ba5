import type { OpsDuty } from '../../domain';
import type { Input } from '../http';

/** The operator behind an ops request, and what they sent. */
export interface OpsContext {
  /** Who acted, from the `X-Operator` header (lower case letters, digits, `.`, `_`, `-`). */
  operator: string;
  input: Input;
}

/** An operator action or query; failures are thrown as AppError like any handler's. */
export type OpsHandler = (ctx: OpsContext) => unknown;

/** One operator route, served at `/api/ops/{name}`. */
export interface OpsRoute {
  name: string;
  method: 'GET' | 'POST';
  /** What the route does; the mount refuses an operator whose role does not hold it. */
  duty: OpsDuty;
  handler: OpsHandler;
}

/**
 * Operator routes, added by each area from its own module (bank deposits, withdrawals, the simulated
 * chain …) and mounted behind the operator token. They are not in the app's endpoint table: the app
 * never calls them, only the ops CLI and an operator's own tools do.
 */
export class OpsRegistry {
  readonly #routes = new Map<string, OpsRoute>();

  /** Adds a route; its `duty` (see `ROLE_DUTIES`) decides which roles may call it. */
  add(method: OpsRoute['method'], name: string, duty: OpsDuty, handler: OpsHandler): this {
    if (!/^[a-z][a-zA-Z0-9/-]*$/.test(name)) throw new Error(`bad ops route name ${name}`);
    if (this.#routes.has(name)) throw new Error(`ops route ${name} registered twice`);
    this.#routes.set(name, { name, method, duty, handler });
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

import formbody from '@fastify/formbody';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { okBody, type EndpointName, type Variant } from '../../domain';
import { ENDPOINTS, endpointPath } from '../../domain/endpoint-table';
import type { Config } from '../config';
import { loginRequired, notFound } from './app-error';
import { tokenFrom, type Authenticator } from './auth';
import type { ChannelHub } from './channels';
import { mapError } from './error-mapper';
import { readInput } from './input';
import { PUBLIC_MAX_AGE, sendPublic } from './public-cache';
import { buildLimitCheck } from './limits';
import { pickLang, type MessageCatalog } from './messages';
import type { HandlerContext, HandlerRegistry } from './registry';
import { registerApiCompression, registerApiHeaders, registerSecurity } from './security';
import { registerStaticApp, registerStaticConsole } from './static-files';
import { WEBSOCKET_OPTIONS, registerSocket } from './ws';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The domain endpoint a route serves; tells the error mapper which envelope to use. */
    endpoint?: EndpointName;
  }
}

/** What the HTTP assembly needs. */
export interface HttpDeps {
  config: Config;
  messages: MessageCatalog;
  /** pino level, such as `info` or `silent`. */
  logLevel: string;
  /**
   * Where the request budgets are counted: a cluster's shared store (server/cluster), so every
   * process spends the same budget; the plugin's memory store when absent (`ROLE=all`).
   */
  rateStore?: FastifyRateLimitStoreCtor;
}

/** What gets mounted once every module has registered. */
export interface MountDeps {
  config: Config;
  registry: HandlerRegistry;
  auth: Authenticator;
  hub: ChannelHub;
}

/** Variant of the route a request hit; unknown routes answer in the variant-2 shape. */
function variantOf(request: FastifyRequest): Variant {
  const name = request.routeOptions.config?.endpoint;
  return name ? ENDPOINTS[name].variant : 2;
}

const isApiUrl = (url: string): boolean => url.startsWith('/api/') || url === '/api';

function registerEndpoints(app: FastifyInstance, deps: MountDeps): void {
  for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
    const def = ENDPOINTS[name];
    const entry = deps.registry.get(name);
    if (!entry) app.log.warn({ endpoint: name }, 'no handler registered; the endpoint answers 404');
    const checkLimits = buildLimitCheck(app, name, entry?.limits ?? []);
    app.route({
      method: def.method,
      url: endpointPath(name),
      config: { endpoint: name },
      ...(def.bodyLimit && { bodyLimit: def.bodyLimit }),
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (!entry) throw notFound();
        let session = null;
        if (def.auth) {
          const token = tokenFrom(request.headers, def.variant);
          session = token ? await deps.auth.resolve(token) : null;
          if (!session) throw loginRequired();
        }
        const ctx: HandlerContext = {
          input: readInput(request.method, request.query, request.body),
          lang: pickLang(request.headers),
          ip: request.ip,
          session,
          request,
          reply,
        };
        await checkLimits(ctx);
        const data = await entry.handler(ctx);
        const body = okBody(def.variant, data ?? {});
        const maxAge = !def.auth && def.method === 'GET' ? PUBLIC_MAX_AGE[name]?.(ctx.input) : undefined;
        return maxAge === undefined ? body : sendPublic(request, reply, maxAge, body);
      },
    });
  }
}

/**
 * Replies sent once `close()` has begun carry `connection: close`. `close()` ends the keep-alive
 * connections idle at that moment and lets requests in flight finish, but a connection whose request
 * finishes later would stay open until the client hangs up or the keep-alive timeout (72 s) passes,
 * and `close()` would wait that long.
 */
function closeConnectionsOnClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}

/** Creates the Fastify app with its plugins, error mapping and 404s, but no routes yet. */
export async function createHttp(deps: HttpDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: { level: deps.logLevel },
    trustProxy: config.trustProxy,
    // Requests carry small forms; uploads get their own limit on their own routes.
    bodyLimit: 256 * 1024,
  });

  app.setErrorHandler((err, request, reply) => {
    const mapped = mapError(err, variantOf(request), pickLang(request.headers), deps.messages);
    if (mapped.unexpected) request.log.error({ err }, 'unexpected error');
    reply.header('cache-control', 'no-store');
    return reply.code(mapped.status).send(mapped.body);
  });
  app.setNotFoundHandler((request, reply) => {
    if (isApiUrl(request.url)) {
      const mapped = mapError(notFound(), 2, pickLang(request.headers), deps.messages);
      return reply.code(404).header('cache-control', 'no-store').send(mapped.body);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
  });

  closeConnectionsOnClose(app);
  await registerSecurity(app, { distDir: config.distDir, mediaOrigins: config.liveOrigins });
  await app.register(formbody);
  // Limits are per endpoint (see limits.ts); nothing is limited globally.
  await app.register(rateLimit, { global: false, ...(deps.rateStore && { store: deps.rateStore }) });
  await app.register(websocket, WEBSOCKET_OPTIONS);
  return app;
}

/** Mounts the API routes from the endpoint table, the socket, and the built app. */
export async function mountHttp(app: FastifyInstance, deps: MountDeps): Promise<void> {
  await app.register(async (api) => {
    registerApiHeaders(api);
    await registerApiCompression(api);
    registerEndpoints(api, deps);
  });
  registerSocket(app, deps.hub, deps.auth);
  await registerStaticApp(app, deps.config.distDir, deps.config.basePath);
  // The console's files: here, unless it is off or has a listen address of its own (server/ops/module.ts).
  if (deps.config.opsConsole && !deps.config.opsListen) await mountConsoleFiles(app, deps.config);
}

/** Serves the console's build under `/ops/` on `app` (the public one, or the console's own). */
export async function mountConsoleFiles(
  app: FastifyInstance,
  config: Pick<Config, 'distDir' | 'opsDistDir'>,
): Promise<void> {
  await registerStaticConsole(app, opsDistDirOf(config));
}

/** The console's build: OPS_DIST_DIR, else `dist-ops` beside the app's `dist` (`<distDir>-ops`). */
export function opsDistDirOf(config: Pick<Config, 'distDir' | 'opsDistDir'>): string {
  return config.opsDistDir ?? `${config.distDir.replace(/[\\/]+$/, '')}-ops`;
}

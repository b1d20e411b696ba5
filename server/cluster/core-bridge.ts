import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { WriterUnavailableError } from '../db';
import { AppError, notFound, type Authenticator, type ChannelHub, type HandlerRegistry } from '../http';
import type { Bus } from './bus';
import {
  BEAT_SUBJECT,
  CMD_SUBJECT,
  CORE_QUEUE,
  REVOKE_SUBJECT,
  SNAP_SUBJECT,
  publicSubject,
  userSubject,
} from './subjects';
import type { CommandAnswer, CommandCall, SnapshotAnswer, SnapshotCall } from './wire';

/** How often the active core says it is alive, in ms (edges give up on it after `BEAT_LOST_MS`). */
export const BEAT_MS = 100;

/** What the core answers the edges with. */
export interface CoreBridgeDeps {
  bus: Bus;
  registry: HandlerRegistry;
  hub: ChannelHub;
  sessions: Authenticator;
  log: FastifyBaseLogger;
}

/** Runs one forwarded API call through the endpoint's handler, as the core's own HTTP would. */
export async function runCommand(registry: HandlerRegistry, call: CommandCall): Promise<CommandAnswer> {
  const entry = registry.get(call.endpoint);
  try {
    if (!entry) throw notFound();
    const data = await entry.handler({
      input: call.input,
      lang: call.lang,
      ip: call.ip,
      session: call.session,
    });
    return { ok: true, data: data ?? {} };
  } catch (err) {
    if (err instanceof AppError) {
      return {
        ok: false,
        error: {
          kind: err.kind,
          key: err.key,
          status: err.httpStatus,
          ...(err.field && { field: err.field }),
        },
      };
    }
    if (err instanceof WriterUnavailableError) return { ok: false, busy: true };
    throw err;
  }
}

/**
 * Makes this process the cluster's core: answers the edges' commands and snapshots (as the one
 * member of the `core` queue group that leads), sends every channel publication and every session
 * revocation to the bus, and beats. Returns the function that stops all of it.
 */
export function serveCore(deps: CoreBridgeDeps): () => void {
  const { bus, registry, hub, log } = deps;
  const stops: (() => void)[] = [];
  stops.push(
    bus.serve(CMD_SUBJECT, CORE_QUEUE, async (payload) => {
      const call = JSON.parse(payload) as CommandCall;
      let answer: CommandAnswer;
      try {
        answer = await runCommand(registry, call);
      } catch (err) {
        log.error({ err, endpoint: call.endpoint }, 'unexpected error in a forwarded command');
        answer = { ok: false, fault: true };
      }
      return JSON.stringify(answer);
    }),
  );
  stops.push(
    bus.serve(SNAP_SUBJECT, CORE_QUEUE, async (payload) => {
      const call = JSON.parse(payload) as SnapshotCall;
      return JSON.stringify(await snapshot(hub, call, log));
    }),
  );
  hub.relayTo({
    publish: (ch, text) => bus.publish(publicSubject(ch), text),
    publishToUser: (userId, ch, text) => bus.publish(userSubject(userId, ch), text),
  });
  stops.push(() => hub.relayTo(null));
  stops.push(deps.sessions.onRevoke((hashes) => bus.publish(REVOKE_SUBJECT, JSON.stringify(hashes))));
  // The beat names this core's term: an edge that hears a new one knows the old core is gone.
  const term = randomUUID();
  const beat = setInterval(() => bus.publish(BEAT_SUBJECT, term), BEAT_MS);
  beat.unref();
  stops.push(() => clearInterval(beat));
  return () => {
    for (const stop of stops.reverse()) stop();
  };
}

async function snapshot(
  hub: ChannelHub,
  call: SnapshotCall,
  log: FastifyBaseLogger,
): Promise<SnapshotAnswer> {
  const family = hub.family(call.ch);
  if (!family) return { ok: false, msg: 'unknown channel' };
  if (family.options.private && call.userId === null) return { ok: false, msg: 'auth required' };
  if (!family.snapshot) return { ok: true };
  try {
    const data = await family.snapshot(call.ch, {
      userId: call.userId,
      expiresAt: call.expiresAt,
      send: () => {},
    });
    return data === undefined ? { ok: true } : { ok: true, data };
  } catch (err) {
    log.error({ err, ch: call.ch }, 'socket snapshot failed');
    return { ok: false, msg: 'snapshot failed' };
  }
}

import { LIVE_TITLE_MAX, type LiveStream } from '../../domain/zhibo-types';
import { fail, str, type Input } from '../http';
import type { ServerModule } from '../module';
import { zhiboMigration } from './schema';
import { ZhiboStore, type StreamRow, type StreamSetting } from './store';
import { zhiboBaseline } from './baseline';

/**
 * Whether `url` is a stream the app may play: an HLS playlist (`.m3u8`) on this site (a path) or on
 * one of the configured https origins, which the CSP allows. Anything else the browser would block.
 */
export function streamUrlOk(url: string, origins: readonly string[]): boolean {
  if (url.length > 500 || /[\s"'<>\\]/.test(url)) return false;
  if (url.startsWith('/') && !url.startsWith('//')) return /\.m3u8(\?[^#]*)?$/.test(url);
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && origins.includes(u.origin) && u.pathname.endsWith('.m3u8');
  } catch {
    return false;
  }
}

/** A time field: ms since the epoch or ISO 8601; null when empty. */
function timeOf(input: Input, name: string): number | null {
  const t = str(input, name).trim();
  if (t === '') return null;
  const ms = /^\d{1,15}$/.test(t) ? Number(t) : Date.parse(t);
  if (!Number.isFinite(ms)) throw fail('badRequest', name);
  return ms;
}

/** What the app shows at `now` for the setting in force. */
export function liveAt(row: StreamRow | undefined, now: number): LiveStream {
  if (!row || row.url === null) {
    return {
      live: false,
      title: '',
      url: null,
      startsAt: null,
      endsAt: null,
      updatedAt: row?.created_at ?? null,
    };
  }
  const ended = row.ends_at !== null && now >= row.ends_at;
  const started = row.starts_at === null || now >= row.starts_at;
  return {
    live: started && !ended,
    title: row.title,
    // The address only while on air; before, the page shows the schedule, after, nothing.
    url: started && !ended ? row.url : null,
    startsAt: ended ? null : row.starts_at,
    endsAt: ended ? null : row.ends_at,
    updatedAt: row.created_at,
  };
}

/** The live stream: the operator sets or clears it (journaled); the app reads what is on now. */
export const zhiboModule: ServerModule = {
  name: 'zhibo',
  migrations: [zhiboMigration, zhiboBaseline],
  register(ctx) {
    const store = new ZhiboStore(ctx.engine);
    const now = () => Date.now();
    /** Stores a setting with its journal row in one writer command; what the app shows after it. */
    const record = (operator: string, row: StreamSetting, action: string) =>
      ctx.engine.writer.run(async () => {
        const was = await store.current();
        const id = await store.insert(row, operator, now());
        const state = (r: StreamSetting | undefined) =>
          r ? { title: r.title, url: r.url, startsAt: r.starts_at, endsAt: r.ends_at } : null;
        await ctx.opsJournal.record({
          operator,
          action,
          targetType: 'zhibo_streams',
          targetId: String(id),
          detail: { title: row.title, url: row.url, startsAt: row.starts_at, endsAt: row.ends_at },
          before: state(was),
          after: state(row),
        });
        return liveAt(await store.current(), now());
      });

    ctx.registry.add('zhibo/current', async () => liveAt(await store.current(), now()));

    ctx.ops.add('GET', 'zhibo', 'read', async () => ({
      current: liveAt(await store.current(), now()),
      history: await store.history(),
      allowedOrigins: ctx.config.liveOrigins,
    }));
    ctx.ops.add('POST', 'zhibo/set', 'support', ({ operator, input }) => {
      const url = str(input, 'url').trim();
      if (!streamUrlOk(url, ctx.config.liveOrigins)) throw fail('liveUrlFormat', 'url');
      const title = str(input, 'title').trim();
      if (!title) throw fail('required', 'title');
      if ([...title].length > LIVE_TITLE_MAX) throw fail('textTooLong', 'title');
      const startsAt = timeOf(input, 'startsAt');
      const endsAt = timeOf(input, 'endsAt');
      if (startsAt !== null && endsAt !== null && endsAt <= startsAt) throw fail('liveSchedule', 'endsAt');
      if (endsAt !== null && endsAt <= now()) throw fail('liveSchedule', 'endsAt');
      return record(operator, { title, url, starts_at: startsAt, ends_at: endsAt }, 'zhibo.set');
    });
    ctx.ops.add('POST', 'zhibo/clear', 'support', ({ operator }) =>
      record(operator, { title: '', url: null, starts_at: null, ends_at: null }, 'zhibo.clear'),
    );
  },
};

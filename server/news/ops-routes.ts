import { isLang } from '../../domain';
import { checkArticle } from '../../domain/news-rules';
import { NEWS_COVER_MAX_BYTES } from '../../domain/news-types';
import { checkUpload } from '../assets';
import type { Engine } from '../db';
import { fail, notFound, bool, idField, str, type Input } from '../http';
import type { OpsJournal, OpsRegistry } from '../ops';
import type { ArticleInput, NewsStore, OpsArticle } from './store';

/** What the news ops routes need. */
export interface NewsOpsDeps {
  engine: Engine;
  store: NewsStore;
  journal: OpsJournal;
}

/** Reads and checks an article from an ops request; `base` fills fields an update leaves out. */
function articleOf(input: Input, base?: OpsArticle): Omit<ArticleInput, 'coverId'> {
  const has = (k: string) => input[k] !== undefined;
  const lang = has('lang') || !base ? str(input, 'lang').trim() : base.lang;
  if (!isLang(lang)) throw fail('badRequest', 'lang');
  const title = has('title') || !base ? str(input, 'title').trim() : base.title;
  const body = has('body') || !base ? str(input, 'body') : base.body;
  const problem = checkArticle(title, body);
  if (problem) throw fail(problem.key, problem.field);
  return {
    lang,
    title,
    body,
    pinned: has('pinned') || !base ? bool(input, 'pinned') : base.pinned,
    help: has('help') || !base ? bool(input, 'help') : base.help,
  };
}

/** A cover sent with the request (`coverMime`, `coverData` base64), checked; null when none was sent. */
function coverOf(input: Input): { mime: string; bytes: Buffer } | null {
  const data = str(input, 'coverData');
  if (data === '') return null;
  const checked = checkUpload(str(input, 'coverMime'), data);
  if ('key' in checked) throw fail(checked.key, checked.field === 'mime' ? 'coverMime' : 'coverData');
  if (checked.bytes.length > NEWS_COVER_MAX_BYTES) throw fail('uploadTooLarge', 'coverData');
  return { mime: checked.mime, bytes: checked.bytes };
}

/**
 * Publishing news (`/api/ops/news…`): publish, edit and withdraw articles per language, each one
 * journaled in the same writer command as its effect. A cover is decoded and checked before.
 */
/** An article as the audit trail keeps it around a change (the cover by id, not its bytes). */
function stateOf(a: OpsArticle | undefined): Record<string, unknown> | null {
  if (!a) return null;
  const { lang, title, body, pinned, help, coverId, withdrawnAt } = a;
  return { lang, title, body, pinned, help, coverId, withdrawn: withdrawnAt !== null };
}

export function registerNewsOps(ops: OpsRegistry, deps: NewsOpsDeps): void {
  const { store, journal, engine } = deps;

  ops.add('GET', 'news', 'read', ({ input }) => {
    const lang = str(input, 'lang').trim();
    if (lang !== '' && !isLang(lang)) throw fail('badRequest', 'lang');
    return store.all(lang === '' ? null : lang, 200);
  });

  ops.add('POST', 'news/publish', 'support', async ({ operator, input }) => {
    const article = articleOf(input);
    const cover = coverOf(input);
    const id = await engine.writer.run(async () => {
      const coverId = cover ? await store.saveCover(cover.mime, cover.bytes) : null;
      const newId = await store.insert({ ...article, coverId }, operator);
      await journal.record({
        operator,
        action: 'news.publish',
        targetType: 'news_articles',
        targetId: String(newId),
        detail: { lang: article.lang, title: article.title, pinned: article.pinned, help: article.help },
        before: null,
        after: stateOf(await store.get(newId)),
      });
      return newId;
    });
    return store.get(id);
  });

  ops.add('POST', 'news/update', 'support', async ({ operator, input }) => {
    const id = idField(input, 'id');
    const before = await store.get(id);
    if (!before || before.withdrawnAt !== null) throw notFound();
    const article = articleOf(input, before);
    const cover = coverOf(input);
    const removeCover = bool(input, 'removeCover');
    await engine.writer.run(async () => {
      // Withdrawn meanwhile: nothing to update.
      const current = await store.get(id);
      if (!current || current.withdrawnAt !== null) throw notFound();
      const coverId = cover
        ? await store.saveCover(cover.mime, cover.bytes)
        : removeCover
          ? null
          : current.coverId;
      await store.update(id, { ...article, coverId });
      await journal.record({
        operator,
        action: 'news.update',
        targetType: 'news_articles',
        targetId: String(id),
        detail: { lang: article.lang, title: article.title, pinned: article.pinned, help: article.help },
        before: stateOf(current),
        after: stateOf(await store.get(id)),
      });
    });
    return store.get(id);
  });

  ops.add('POST', 'news/withdraw', 'support', async ({ operator, input }) => {
    const id = idField(input, 'id');
    if (!(await store.get(id))) throw notFound();
    await engine.writer.run(async () => {
      const was = await store.get(id);
      if (!(await store.withdraw(id))) throw notFound();
      await journal.record({
        operator,
        action: 'news.withdraw',
        targetType: 'news_articles',
        targetId: String(id),
        before: stateOf(was),
        after: stateOf(await store.get(id)),
      });
    });
    return store.get(id);
  });
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { KEFU_TEXT_MAX } from '../../../../domain/kefu-types';
import { LANGS, LANG_NAMES, isLang, type Lang } from '../../../../domain/locale';
import type { OpsCannedReply } from '../../../../domain/ops-api';
import type { OpsKefuMessage } from '../../../worker/routes';
import { toast } from '../../core/toast';
import { useCall } from '../../core/use-call';
import { useTranslation } from '../../core/use-translation';
import { chatImage } from './chat-image';
import { guessLang, newClientId } from './inbox-logic';

/** The canned replies of one language, read once per language while the console is open. */
function useCanned(lang: Lang): OpsCannedReply[] | undefined {
  const call = useCall();
  const [held, setHeld] = useState<{ lang: Lang; rows: OpsCannedReply[] } | null>(null);
  useEffect(() => {
    let live = true;
    void call('kefu/canned', { lang }).then((rows) => live && setHeld({ lang, rows: rows ?? [] }));
    return () => {
      live = false;
    };
  }, [call, lang]);
  return held?.lang === lang ? held.rows : undefined;
}

/** The reply's language and its canned replies; a pick is put into the box. */
function ReplyTools({
  lang,
  canned,
  onLang,
  onPick,
}: {
  lang: Lang;
  canned: OpsCannedReply[] | undefined;
  onLang: (lang: Lang) => void;
  onPick: (body: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="reply__tools">
      <label className="reply__lang">
        <span>{t('inbox.replyLang')}</span>
        <select
          value={lang}
          data-testid="reply-lang"
          onChange={(e) => isLang(e.target.value) && onLang(e.target.value)}
        >
          {LANGS.map((l) => (
            <option key={l} value={l}>
              {LANG_NAMES[l]}
            </option>
          ))}
        </select>
      </label>
      <select
        className="reply__canned"
        aria-label={t('inbox.cannedPick')}
        data-testid="canned-pick"
        value=""
        disabled={!canned || canned.length === 0}
        onChange={(e) => {
          const chosen = canned?.find((c) => String(c.id) === e.target.value);
          if (chosen) onPick(chosen.body);
        }}
      >
        <option value="">
          {canned && canned.length === 0 ? t('inbox.cannedNone') : t('inbox.cannedPick')}
        </option>
        {canned?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The reply: text (kept until the server took it, so an error loses nothing), an image compressed
 * as the app compresses its own, and canned replies of the conversation's language (guessed from
 * the user's messages, changeable) put into the box to edit before sending.
 */
export function ReplyBox({
  account,
  userTexts,
  onSent,
}: {
  account: string;
  userTexts: readonly string[];
  onSent: (m: OpsKefuMessage) => void;
}) {
  const { t, lang: mine } = useTranslation();
  const call = useCall();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [picked, setPicked] = useState<Lang | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const retry = useRef<{ text: string; clientId: string } | null>(null);
  const lang = picked ?? guessLang(userTexts, isLang(mine) ? mine : 'en');
  const canned = useCanned(lang);
  const length = [...text].length;
  const tooLong = length > KEFU_TEXT_MAX;

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const body = text.trim();
    if (!body || tooLong || busy) return;
    // The same text sent again after a failure keeps its id: the server stores it once.
    const clientId = retry.current?.text === body ? retry.current.clientId : newClientId();
    retry.current = { text: body, clientId };
    setBusy(true);
    const m = await call('kefu/reply', { account, clientId, text: body });
    setBusy(false);
    if (!m) return;
    retry.current = null;
    setText('');
    onSent(m);
  };

  const sendImage = async (f: File | undefined) => {
    if (!f) return;
    setBusy(true);
    try {
      const { mime, data } = await chatImage(f);
      const m = await call('kefu/reply', {
        account,
        clientId: newClientId(),
        imageMime: mime,
        imageData: data,
      });
      if (m) onSent(m);
    } catch (err) {
      console.error('reply image failed', err);
      toast.error(t('inbox.imageFailed'));
    } finally {
      setBusy(false);
      if (file.current) file.current.value = '';
    }
  };

  return (
    <form className="reply" onSubmit={(e) => void send(e)} data-testid="reply">
      <ReplyTools
        lang={lang}
        canned={canned}
        onLang={setPicked}
        onPick={(body) => setText((old) => (old.trim() ? `${old.trimEnd()}\n${body}` : body))}
      />
      <div className="reply__row">
        <input
          ref={file}
          type="file"
          accept="image/*"
          hidden
          data-testid="reply-file"
          onChange={(e) => void sendImage(e.target.files?.[0])}
        />
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => file.current?.click()}
          aria-label={t('inbox.attach')}
          title={t('inbox.attach')}
        >
          {t('inbox.imageButton')}
        </button>
        <textarea
          className="field__input reply__input"
          rows={2}
          value={text}
          placeholder={t('inbox.placeholder')}
          aria-label={t('inbox.placeholder')}
          aria-invalid={tooLong || undefined}
          data-testid="reply-input"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send();
          }}
        />
        <button
          type="submit"
          className="btn btn--primary"
          disabled={busy || !text.trim() || tooLong}
          data-testid="reply-send"
        >
          {t('inbox.send')}
        </button>
      </div>
      {length > KEFU_TEXT_MAX - 100 && (
        <p className={`reply__count${tooLong ? ' reply__count--over' : ''}`}>
          {t('inbox.length', { length, max: KEFU_TEXT_MAX })}
        </p>
      )}
    </form>
  );
}

// The app's own names of journal kinds and accounts (locales/<lang>/assets.json), so an operator
// reads a user's journal in the words the user sees. Only the two sections are taken (JSON named
// imports), into this page's chunk; the console's other pages do not carry them.
import type { Lang } from '../../../../domain/locale';
import { kindKey } from './user-logic';

type Texts = Record<string, string>;

const journals = import.meta.glob<{ kinds: Texts }>('../../../../locales/*/assets.json', {
  eager: true,
  import: 'journal',
});
const accounts = import.meta.glob<Texts>('../../../../locales/*/assets.json', {
  eager: true,
  import: 'accounts',
});

const fileOf = (lang: string) => `../../../../locales/${lang}/assets.json`;

/** The app's name of a journal kind in `lang` (English when that language lacks it), else the kind itself. */
export function kindName(kind: string, lang: Lang | string): string {
  const key = kindKey(kind);
  if (key === null) return kind;
  return journals[fileOf(lang)]?.kinds[key] ?? journals[fileOf('en')]?.kinds[key] ?? kind;
}

/** The app's name of an account (`spot`, `lever`, `legal`, `second`, `finance`), else the account itself. */
export function accountName(account: string, lang: Lang | string): string {
  return accounts[fileOf(lang)]?.[account] ?? accounts[fileOf('en')]?.[account] ?? account;
}

// The console's texts (console/locales/<lang>.json): every language of the app, each with every key
// English has, none empty, the same {{values}} in each.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../../domain/locale';

const DIR = path.join(process.cwd(), 'console/locales');
const read = (lang: string) => JSON.parse(fs.readFileSync(path.join(DIR, `${lang}.json`), 'utf8')) as object;

function flat(node: object, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(node)) {
    if (typeof v === 'object' && v !== null) flat(v as object, `${prefix}${k}.`, out);
    else out.set(prefix + k, String(v));
  }
  return out;
}

const values = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('console texts', () => {
  const en = flat(read('en'));

  it('has a file for each of the app languages and no other', () => {
    expect(fs.readdirSync(DIR).sort()).toEqual(LANGS.map((l) => `${l}.json`).sort());
  });

  it.each(LANGS.filter((l) => l !== 'en'))(
    '%s has every English key, filled, with the same values',
    (lang) => {
      const texts = flat(read(lang));
      expect([...texts.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of texts) {
        expect(text.trim(), `${lang} ${key}`).not.toBe('');
        expect(values(text), `${lang} ${key}`).toEqual(values(en.get(key)!));
      }
    },
  );
});

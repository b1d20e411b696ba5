import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../../domain/errors';
import { OPS_AUTH_ERROR_KEYS } from '../../../domain/ops-auth-errors';
import { BCP47, LANGS } from '../../../domain/locale';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const LOCALES = path.join(ROOT, 'locales');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flatten(v, `${prefix}${k}.`)),
    ),
  );
}

function load(lang: string, ns: string): Record<string, string> {
  return flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, lang, `${ns}.json`), 'utf8')) as Tree);
}

const id = (ns: string) => load('id', ns);

const namespaces = fs
  .readdirSync(path.join(LOCALES, 'id'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));

/** A plural form's suffix (i18next's, after `Intl.PluralRules` categories). */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** `{{name}}` placeholders of a text, sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale bundles', () => {
  it('exist for exactly the eight product languages', () => {
    const dirs = fs.readdirSync(LOCALES).filter((d) => fs.statSync(path.join(LOCALES, d)).isDirectory());
    expect(dirs.sort()).toEqual([...LANGS].sort());
  });

  it.each([...LANGS])('%s has the same namespaces and keys as id', (lang) => {
    const files = fs.readdirSync(path.join(LOCALES, lang)).map((f) => f.slice(0, -5));
    expect(files.sort()).toEqual([...namespaces].sort());
    for (const ns of namespaces) {
      const want = Object.keys(load('id', ns)).sort();
      expect(Object.keys(load(lang, ns)).sort(), `${lang}/${ns}.json`).toEqual(want);
    }
  });

  // Every language carries the plural forms any product language needs (one, other), so the bundles
  // have identical keys; a form a language's rules never pick is a copy of its `_other`.
  const ALL_FORMS = [
    ...new Set(LANGS.flatMap((l) => new Intl.PluralRules(BCP47[l]).resolvedOptions().pluralCategories)),
  ].sort();

  it.each([...LANGS])('%s gives every counted text the plural forms of every language', (lang) => {
    // i18next picks `key_<category>` with Intl.PluralRules of the BCP-47 tag (src/i18n/texts.ts):
    // a missing form shows the key's path ("1 days" in English is a missing `_one`).
    const forms = ALL_FORMS;
    const own = new Intl.PluralRules(BCP47[lang]).resolvedOptions().pluralCategories;
    expect(own.every((f) => forms.includes(f))).toBe(true);
    for (const ns of namespaces) {
      const keys = load(lang, ns);
      const counted = Object.keys(id(ns)).filter((k) => k.endsWith('_other'));
      for (const other of counted) {
        const stem = other.slice(0, -'_other'.length);
        const have = Object.keys(keys)
          .filter((k) => k.replace(PLURAL, '') === stem && k !== stem)
          .map((k) => PLURAL.exec(k)![1])
          .sort();
        expect(have, `${lang}/${ns}:${stem}`).toEqual(forms);
        expect(keys[stem], `${lang}/${ns}:${stem} beside its plural forms`).toBeUndefined();
      }
    }
  });

  it.each([...LANGS])('%s has no empty texts and the same placeholders as id', (lang) => {
    for (const ns of namespaces) {
      const ref = load('id', ns);
      for (const [key, text] of Object.entries(load(lang, ns))) {
        expect(text.trim(), `${lang}/${ns}:${key}`).not.toBe('');
        // Every plural form has the placeholders of id's one form (`_other`).
        const same = key.replace(PLURAL, '_other');
        expect(placeholders(text), `${lang}/${ns}:${key}`).toEqual(placeholders((ref[key] ?? ref[same])!));
      }
    }
  });

  it('errors.json and ops-errors.json have exactly the keys of ERROR_KEYS (the server answers from these files)', () => {
    for (const lang of LANGS) {
      expect(Object.keys(load(lang, 'ops-errors')).sort(), lang).toEqual([...OPS_AUTH_ERROR_KEYS].sort());
      const both = [...Object.keys(load(lang, 'errors')), ...Object.keys(load(lang, 'ops-errors'))];
      expect(both.sort(), lang).toEqual([...ERROR_KEYS].sort());
    }
  });

  it('is translated, not English copies', () => {
    const en = { ...load('en', 'common'), ...load('en', 'mine'), ...load('en', 'errors') };
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      const other = { ...load(lang, 'common'), ...load(lang, 'mine'), ...load(lang, 'errors') };
      const same = Object.keys(en).filter((k) => en[k] === other[k]);
      // Brand-like texts (CSD, UID, "E-mail", the example address) may stay equal; real texts may not.
      expect(same.length / Object.keys(en).length, `${lang}: ${same.join(', ')}`).toBeLessThan(0.05);
    }
  });

  it('index.html maps languages to the same BCP-47 tags as domain/locale.ts', () => {
    const html = fs.readFileSync(path.join(ROOT, 'index.html'), 'utf8');
    const literal = /var tags = (\{[^}]+\})/.exec(html)?.[1];
    expect(literal).toBeDefined();
    const json = literal!
      .replace(/(\w+):/g, '"$1":')
      .replace(/'/g, '"')
      .replace(/,\s*\}$/, '}');
    const tags = JSON.parse(json) as Record<string, string>;
    expect(tags).toEqual(BCP47);
  });
});

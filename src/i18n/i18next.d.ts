import 'i18next';
import type { Texts } from './i18n';

// Typed keys: `t('mine:fields.password')` is checked against the id texts, which
// tests/unit/ui/locales.test.ts keeps identical in shape to every other language.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Texts;
  }
}

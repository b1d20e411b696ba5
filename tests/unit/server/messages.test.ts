import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMessages, loadTexts, pickLang } from '../../../server/http/messages';

let dir: string;
const write = (lang: string, content: string, ns = 'errors') => {
  fs.mkdirSync(path.join(dir, lang), { recursive: true });
  fs.writeFileSync(path.join(dir, lang, `${ns}.json`), content);
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locales-'));
  write('en', JSON.stringify({ codeWrong: 'The code is wrong', serverFault: 'Server trouble' }));
  write('zh', JSON.stringify({ codeWrong: '验证码错误', serverFault: '' }));
  write('vi', '{ not json');
  write('en', JSON.stringify({ opsForbidden: 'Your role cannot do this' }), 'ops-errors');
  write('zh', JSON.stringify({ opsForbidden: '您的角色无权执行此操作' }), 'ops-errors');
  write('en', JSON.stringify({ outbox: { message: '{{app}}: code {{code}}, {{minutes}} min' } }), 'mine');
  write('id', JSON.stringify({ outbox: { message: '{{app}}: kode {{ code }}, {{minutes}} menit' } }), 'mine');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('loadMessages', () => {
  it('answers in the asked language when it has the key', () => {
    expect(loadMessages(dir).text('zh', 'codeWrong')).toBe('验证码错误');
  });

  it('falls back to English for a missing key, an empty text, a missing file or a broken file', () => {
    const warnings: string[] = [];
    const m = loadMessages(dir, (w) => warnings.push(w));
    expect(m.text('zh', 'serverFault')).toBe('Server trouble');
    expect(m.text('kor', 'codeWrong')).toBe('The code is wrong');
    expect(m.text('vi', 'codeWrong')).toBe('The code is wrong');
    expect(warnings.some((w) => w.includes(path.join('vi', 'errors.json')))).toBe(true);
    expect([...m.loaded].sort()).toEqual(['en', 'zh']);
  });

  it("answers the operators' messages from ops-errors.json, beside errors.json", () => {
    const m = loadMessages(dir);
    expect(m.text('zh', 'opsForbidden')).toBe('您的角色无权执行此操作');
    expect(m.text('kor', 'opsForbidden')).toBe('Your role cannot do this');
    expect(m.text('zh', 'codeWrong')).toBe('验证码错误');
  });

  it('falls back to the key itself when no language has it', () => {
    expect(loadMessages(dir).text('zh', 'tooManyCodes')).toBe('tooManyCodes');
    expect(loadMessages(path.join(dir, 'nowhere')).text('en', 'codeWrong')).toBe('codeWrong');
  });
});

describe('pickLang', () => {
  it('prefers the lang header, then Accept-Language, then id', () => {
    expect(pickLang({ lang: 'zh', 'accept-language': 'en-US' })).toBe('zh');
    expect(pickLang({ 'accept-language': 'ko-KR,ko;q=0.9' })).toBe('kor');
    expect(pickLang({ 'accept-language': 'en;q=0.8' })).toBe('en');
    expect(pickLang({ lang: 'xx', 'accept-language': 'ja' })).toBe('jp');
    expect(pickLang({})).toBe('id');
    expect(pickLang({ 'accept-language': 'fr-FR' })).toBe('id');
  });
});

describe('loadTexts', () => {
  it('reads nested keys of a namespace in the asked language and fills in the values', () => {
    const t = loadTexts(dir, 'mine');
    expect(t.text('id', 'outbox.message', { app: 'X', code: '123456', minutes: 10 })).toBe(
      'X: kode 123456, 10 menit',
    );
  });

  it('falls back to English, then to the key; an unknown value stays as written', () => {
    const t = loadTexts(dir, 'mine');
    expect(t.text('zh', 'outbox.message', { app: 'X', code: '1' })).toBe('X: code 1, {{minutes}} min');
    expect(t.text('id', 'outbox.nothing')).toBe('outbox.nothing');
  });
});

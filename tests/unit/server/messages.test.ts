import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMessages, pickLang } from '../../../server/http/messages';

let dir: string;
const write = (lang: string, content: string) => {
  fs.mkdirSync(path.join(dir, lang), { recursive: true });
  fs.writeFileSync(path.join(dir, lang, 'errors.json'), content);
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locales-'));
  write('en', JSON.stringify({ codeWrong: 'The code is wrong', serverFault: 'Server trouble' }));
  write('zh', JSON.stringify({ codeWrong: '验证码错误', serverFault: '' }));
  write('vi', '{ not json');
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

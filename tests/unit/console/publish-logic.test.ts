// Publishing's small rules (console/src/pages/publish, console/src/pages/live): an article's kind from
// its flags and back, the app's texts around an article, the live stream's schedule fields.
import { describe, expect, it } from 'vitest';
import { articleTextsOf } from '../../../console/src/pages/publish/app-texts';
import { flagsOf, kindOf, KINDS } from '../../../console/src/pages/publish/kinds';
import {
  fromLocalInput,
  localInput,
  scheduleProblem,
  settingInForce,
} from '../../../console/src/pages/live/live-time';
import zh from '../../../locales/zh/content.json';

describe('article kinds', () => {
  it('maps every kind to flags and back', () => {
    for (const k of KINDS) expect(kindOf(flagsOf(k))).toBe(k);
    expect(flagsOf('notice')).toEqual({ pinned: true, help: false });
    expect(kindOf({ pinned: false, help: true })).toBe('help');
  });

  it('takes the app texts of the article language, English words where a file lacks them', () => {
    expect(articleTextsOf(zh as never)).toEqual({
      pinned: zh.news.pinned,
      help: zh.help.tag,
      edited: zh.news.edited,
    });
    expect(articleTextsOf({})).toEqual({ pinned: 'Pinned', help: 'Help', edited: 'edited' });
  });
});

describe('live stream schedule', () => {
  it('turns datetime-local values into local milliseconds and back', () => {
    const ms = new Date(2030, 0, 2, 3, 4).getTime();
    expect(localInput(ms)).toBe('2030-01-02T03:04');
    expect(fromLocalInput('2030-01-02T03:04')).toBe(ms);
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNaN();
    expect(localInput(null)).toBe('');
  });

  it('refuses an end before the start or in the past, and a time it cannot read', () => {
    expect(scheduleProblem(null, null, 100)).toBeNull();
    expect(scheduleProblem(200, 300, 100)).toBeNull();
    expect(scheduleProblem(300, 200, 100)).toBe('stream.endBeforeStart');
    expect(scheduleProblem(null, 50, 100)).toBe('stream.endPast');
    expect(scheduleProblem(Number.NaN, null, 100)).toBe('stream.timeInvalid');
  });
});

describe('live stream setting in force', () => {
  const row = (url: string | null) => ({
    id: 2,
    title: url ? 'AMA' : '',
    url,
    starts_at: url ? 2_000 : null,
    ends_at: null,
    set_by: 'sue',
    created_at: 1_000,
  });
  const view = (live: boolean, startsAt: number | null) => ({
    live,
    title: 'AMA',
    url: live ? '/live/a.m3u8' : null,
    startsAt,
    endsAt: null,
    updatedAt: 1_000,
  });

  it('is the newest row, with its address, while on air or scheduled', () => {
    expect(settingInForce(view(false, 2_000), [row('/live/a.m3u8')])?.url).toBe('/live/a.m3u8');
    expect(settingInForce(view(true, 2_000), [row('/live/a.m3u8')])?.url).toBe('/live/a.m3u8');
  });

  it('is none once cleared, ended or never set', () => {
    expect(settingInForce(view(false, null), [row(null), row('/live/a.m3u8')])).toBeNull();
    expect(settingInForce(view(false, null), [row('/live/a.m3u8')])).toBeNull();
    expect(settingInForce(view(false, null), [])).toBeNull();
  });
});

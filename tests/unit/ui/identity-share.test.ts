import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/components/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../src/i18n/i18n', () => ({ errorMessage: (key: string) => key }));

const { inviteLink, sharePoints } = await import('../../../src/pages/mine/identity/share-link');

describe('invite link and rebate share', () => {
  it('links to the register page with the promotion code, under the app base path', () => {
    expect(inviteLink('AB23CD45', { origin: 'https://ex.example', pathname: '/h5/' })).toBe(
      'https://ex.example/h5/#/pages/mine/register?code=AB23CD45',
    );
  });

  it.each([
    ['0.2', '20'],
    ['0.25', '25'],
    ['0.125', '12.5'],
    ['1', '100'],
    ['0', '0'],
    ['0.000001', '0.0001'],
    ['0.05', '5'],
  ])('%s is %s percent, without floats', (share, points) => {
    expect(sharePoints(share)).toBe(points);
  });
});

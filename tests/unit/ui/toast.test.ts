import { describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), info: vi.fn(), dismiss: vi.fn() }),
}));
vi.mock('sonner', () => sonner);
vi.mock('../../../src/i18n/i18n', () => ({
  loadNamespaces: async () => undefined,
  hasText: (key: string) => key === 'errors:offline',
  translate: (key: string) => `translated ${key}`,
}));

const { toast, toasterMounted, toastsWanted, onToastsWanted, pageLeft, CARRY_MS } =
  await import('../../../src/components/toast');

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('toasts', () => {
  it('asks for the toast area on first use and waits for it before showing anything', async () => {
    const wanted = vi.fn();
    onToastsWanted(wanted);
    expect(toastsWanted()).toBe(false);
    toast.error('boom');
    expect(toastsWanted()).toBe(true);
    expect(wanted).toHaveBeenCalledTimes(1);
    await settle();
    expect(sonner.toast.error).not.toHaveBeenCalled();
    toasterMounted();
    await settle();
    expect(sonner.toast.error).toHaveBeenCalledWith('boom', { id: 'error:boom' });
  });

  it('gives the same message the same id, so a repeat replaces the one on screen', async () => {
    toast.error('You are offline');
    toast.error('You are offline');
    toast.success('You are offline');
    await settle();
    const ids = sonner.toast.error.mock.calls.slice(-2).map((c) => (c[1] as { id: string }).id);
    expect(ids).toEqual(['error:You are offline', 'error:You are offline']);
    expect(sonner.toast.success).toHaveBeenLastCalledWith('You are offline', {
      id: 'success:You are offline',
    });
  });

  it('translates a message key that was shown before its texts had arrived', async () => {
    toast('offline', { duration: 5 });
    await settle();
    expect(sonner.toast).toHaveBeenLastCalledWith('translated errors:offline', {
      id: 'message:offline',
      duration: 5,
    });
  });

  it('toasts belong to their page: leaving it dismisses them, one raised as it is left goes on', async () => {
    pageLeft();
    sonner.toast.dismiss.mockClear();
    const t0 = Date.now();
    toast.error('Not found');
    await settle();
    // Left a moment later: "Saved" then the list, a toast that reports the move, stays.
    pageLeft(t0 + CARRY_MS / 2);
    expect(sonner.toast.dismiss).not.toHaveBeenCalled();
    toast.error('Not found');
    await settle();
    pageLeft(Date.now() + CARRY_MS + 1);
    await settle();
    expect(sonner.toast.dismiss).toHaveBeenCalledWith('error:Not found');
    // Left before sonner could show it: never shown on the next page.
    sonner.toast.error.mockClear();
    toast.error('Gone');
    pageLeft(Date.now() + CARRY_MS + 1);
    await settle();
    expect(sonner.toast.error).not.toHaveBeenCalled();
  });
});

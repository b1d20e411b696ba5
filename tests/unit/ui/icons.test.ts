import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from '../../../src/components/icons';

describe('icon sprite', () => {
  const sprite = fs.readFileSync(new URL('../../../src/components/icons.svg', import.meta.url), 'utf8');
  const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]);

  it('has exactly one 24×24 symbol for every icon name, and no other', () => {
    expect([...symbols].sort()).toEqual([...ICON_NAMES].sort());
  });

  it('draws with the current colour only (no fixed colours, no scripts)', () => {
    expect(sprite).not.toMatch(/(fill|stroke)="#/);
    expect(sprite).not.toMatch(/<script|on[a-z]+=/i);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, simChainOn } from '../../../server/config';

describe('simulated chain configuration', () => {
  it('runs by default in demo mode only, a block every 5 s', () => {
    expect(loadConfig({})).toMatchObject({ simChain: true, simChainBlockMs: 5000 });
    expect(loadConfig({ APP_MODE: 'production' }).simChain).toBe(false);
    expect(loadConfig({ SIM_CHAIN: 'off' }).simChain).toBe(false);
    expect(loadConfig({ SIM_BLOCK_MS: '250' }).simChainBlockMs).toBe(250);
  });

  it('refuses a simulated chain in production and unusable values, naming the variable', () => {
    expect(() => loadConfig({ APP_MODE: 'production', SIM_CHAIN: 'on' })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_MODE: 'production', SIM_CHAIN: 'on' })).toThrow(/SIM_CHAIN/);
    expect(() => loadConfig({ SIM_CHAIN: 'sometimes' })).toThrow(/SIM_CHAIN/);
    expect(() => loadConfig({ SIM_BLOCK_MS: '5s' })).toThrow(/SIM_BLOCK_MS/);
    expect(() => loadConfig({ SIM_BLOCK_MS: '0' })).toThrow(/SIM_BLOCK_MS/);
  });

  it('never runs it in production, whatever a caller put in the config', () => {
    expect(simChainOn({ mode: 'demo', simChain: true })).toBe(true);
    expect(simChainOn({ mode: 'demo', simChain: false })).toBe(false);
    expect(simChainOn({ mode: 'production', simChain: true })).toBe(false);
  });
});

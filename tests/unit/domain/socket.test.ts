import { describe, expect, it } from 'vitest';
import { SYS_CHANNEL, socketUrl } from '../../../domain';

describe('socketUrl: default ports 80 and 443 are omitted (spec §9)', () => {
  it.each([
    ['ws:', 'example.com', 80, '/ws', 'ws://example.com/ws'],
    ['ws:', 'example.com', '80', '/ws', 'ws://example.com/ws'],
    ['wss:', 'example.com', 443, '/ws', 'wss://example.com/ws'],
    ['wss:', 'example.com', '443', '/ws', 'wss://example.com/ws'],
    ['ws:', 'example.com', '', '/ws', 'ws://example.com/ws'],
    ['wss:', 'example.com', '', '', 'wss://example.com'],
    ['ws:', 'example.com', 443, '/ws', 'ws://example.com:443/ws'], // 443 is not ws's default
    ['wss:', 'example.com', 80, '/ws', 'wss://example.com:80/ws'], // 80 is not wss's default
    ['ws:', '127.0.0.1', 8080, '/ws', 'ws://127.0.0.1:8080/ws'],
    ['wss:', 'a.b', '8443', '/h5/ws', 'wss://a.b:8443/h5/ws'],
  ] as const)('%s %s %s %s → %s', (protocol, host, port, path, url) => {
    expect(socketUrl(protocol, host, port, path)).toBe(url);
  });

  it('names the system channel sys', () => {
    expect(SYS_CHANNEL).toBe('sys');
  });
});

import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isLoopbackUrl } from './loopback.ts';

describe('loopback: one answer for the mock, the suite and the proxy', () => {
  it.each(['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]'])('%s is this machine only', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['0.0.0.0', '10.0.0.1', '::', 'example.com', '127.example.com'])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('reads a URL by its host', () => {
    expect(isLoopbackUrl('http://[::1]:3999/extended')).toBe(true);
    expect(isLoopbackUrl('https://api.hiro.so')).toBe(false);
  });
});

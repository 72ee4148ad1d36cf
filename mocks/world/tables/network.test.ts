import { c32address } from 'c32check';
import { describe, expect, it } from 'vitest';
import { NETWORKS } from './network.ts';

describe('NETWORKS', () => {
  it('names each boot address as c32check spells its version and twenty zero bytes', () => {
    for (const net of Object.values(NETWORKS))
      expect(net.bootAddress).toBe(c32address(net.singleSigVersion, '00'.repeat(20)));
  });
});

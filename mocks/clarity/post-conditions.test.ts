import { Cl, Pc } from '@stacks/transactions';
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from './engine.ts';
import { postConditionFailure } from './post-conditions.ts';

const ORIGIN = 'ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM';
const VAULT = 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG.vault';
const TOKEN = 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG.coin::coin';
const NFT = 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG.art::art';

function stx(sender: string, amount: number): EngineEvent {
  return { type: 'stx_transfer_event', data: { sender, recipient: VAULT, amount: String(amount) } };
}
function ft(sender: string, amount: number): EngineEvent {
  return {
    type: 'ft_transfer_event',
    data: { sender, recipient: ORIGIN, amount: String(amount), asset_identifier: TOKEN },
  };
}
function nft(sender: string, id: number): EngineEvent {
  return {
    type: 'nft_transfer_event',
    data: { sender, recipient: ORIGIN, asset_identifier: NFT, raw_value: Cl.serialize(Cl.uint(id)) },
  };
}

describe('post-conditions checked on what a transaction did, as a node checks them', () => {
  it('a stated condition that does not hold fails first, in the node’s words', () => {
    const pcs = [Pc.origin().willSendEq(100).ustx()];
    expect(postConditionFailure(pcs, 'allow', ORIGIN, [stx(ORIGIN, 150)])).toBe(
      `Post-condition check failure on STX owned by ${ORIGIN}: 100 SentEq 150`,
    );
    expect(postConditionFailure(pcs, 'allow', ORIGIN, [stx(ORIGIN, 100)])).toBeUndefined();
  });

  it('deny mode: an asset moved out of any principal that no condition names fails; allow mode lets it go', () => {
    const events = [stx(ORIGIN, 10), ft(VAULT, 5)];
    const pcs = [Pc.origin().willSendLte(10).ustx()];
    expect(postConditionFailure(pcs, 'deny', ORIGIN, events)).toBe(
      `Post-condition check failure: Fungible asset ${TOKEN} was moved by ${VAULT} but not checked`,
    );
    expect(postConditionFailure(pcs, 'allow', ORIGIN, events)).toBeUndefined();
    expect(postConditionFailure([], 'deny', ORIGIN, [stx(ORIGIN, 1)])).toMatch(
      /^Post-condition check failure: Fungible asset S0000000000000000000002AA028H\.STX::STX was moved by ST1PQ/,
    );
  });

  it('originator mode denies the origin’s unchecked assets only', () => {
    expect(postConditionFailure([], 'originator', ORIGIN, [ft(VAULT, 5)])).toBeUndefined();
    expect(postConditionFailure([], 'originator', ORIGIN, [ft(ORIGIN, 5)])).toMatch(/was moved by ST1PQ/);
  });

  it('NFT conditions: sent, not sent, and each value moved must be named in deny mode', () => {
    const sent = [nft(ORIGIN, 7)];
    expect(
      postConditionFailure([Pc.origin().willSendAsset().nft(NFT, Cl.uint(7))], 'deny', ORIGIN, sent),
    ).toBeUndefined();
    expect(
      postConditionFailure([Pc.origin().willNotSendAsset().nft(NFT, Cl.uint(7))], 'deny', ORIGIN, sent),
    ).toBe(
      `Post-condition check failure on non-fungible asset ${NFT} owned by ${ORIGIN}: UInt(7) NotSent [UInt(7)]`,
    );
    expect(
      postConditionFailure([Pc.origin().willSendAsset().nft(NFT, Cl.uint(8))], 'deny', ORIGIN, sent),
    ).toMatch(/^Post-condition check failure on non-fungible asset/);
  });
});

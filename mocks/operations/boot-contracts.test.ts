import { afterAll, describe, expect, it } from 'vitest';
import { BOOT_CONTRACTS } from '../clarity/boot-copies.ts';
import { createMock } from '../create-mock.ts';

interface Deployed {
  tx_id: string;
  canonical: boolean;
  contract_id: string;
  block_height: number;
  clarity_version: number | null;
  source_code: string;
  abi: string | null;
}

// One world per release, the second on testnet: its boot address is another.
describe.each([
  { apiVersion: '9.0.2', network: 'mainnet' as const },
  { apiVersion: '8.11.6', network: 'testnet' as const },
])('the boot contracts as $apiVersion on $network: recorded as the node deployed them', (options) => {
  const mock = createMock({ ...options, blocks: 60, quiet: true, rateLimit: 0 });
  const boot = mock.live.queries.chain.net.bootAddress;
  afterAll(() => mock.live.queries.clarity.close());

  async function ask(target: string) {
    const res = await mock.handle({ method: 'GET', target, headers: {}, ip: '127.0.0.1' });
    return { status: res.status, body: res.body as never };
  }

  it.each(BOOT_CONTRACTS.map((c) => [c.name, c.payloadVersion] as const))(
    '%s: /extended/v1/contract answers the source /v2/contracts/source gives and the interface /v2/contracts/interface gives',
    { timeout: 120_000 },
    async (name, payloadVersion) => {
      const source = await ask(`/v2/contracts/source/${boot}/${name}`);
      const abi = await ask(`/v2/contracts/interface/${boot}/${name}`);
      const contract = await ask(`/extended/v1/contract/${boot}.${name}`);
      expect([source.status, abi.status, contract.status]).toEqual([200, 200, 200]);
      const { source: code, publish_height } = source.body as { source: string; publish_height: number };
      const deployed = contract.body as Deployed;
      expect(deployed).toEqual({
        tx_id: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        canonical: true,
        contract_id: `${boot}.${name}`,
        block_height: publish_height,
        clarity_version: payloadVersion,
        source_code: code,
        abi: expect.any(String),
      });
      expect(JSON.parse(deployed.abi as string)).toEqual(abi.body);
      // The world's pox-4 keeps its stand-in; every other is the node's own source, from the engine.
      if (name !== 'pox-4') expect(code).not.toMatch(/^;; \S+: a boot contract of the node/);
      expect(code).toMatch(/\(define-(public|read-only|constant|data-var|map)/);

      // Deployed in the world's boot block by the boot address, as the node signs them.
      const tx = (await ask(`/extended/v1/tx/${deployed.tx_id}`)).body as {
        tx_type: string;
        sender_address: string;
        block_height: number;
        fee_rate: string;
        nonce: number;
        tx_status: string;
        smart_contract: { contract_id: string; clarity_version: number | null };
      };
      expect(tx).toMatchObject({
        tx_type: 'smart_contract',
        sender_address: boot,
        block_height: 1,
        fee_rate: '0',
        tx_status: 'success',
        smart_contract: { contract_id: `${boot}.${name}`, clarity_version: payloadVersion },
      });
      if (name !== 'pox-4') expect(tx.nonce).toBe(0);
      expect((await ask(`/extended/v1/contract/${boot}.${name}/events`)).status).toBe(200);
    },
  );

  it("another network's boot address is no contract of this world", async () => {
    const other =
      options.network === 'mainnet' ? 'ST000000000000000000002AMW42H' : 'SP000000000000000000002Q6VF78';
    expect((await ask(`/extended/v1/contract/${other}.bns`)).status).toBe(404);
    expect((await ask(`/v2/contracts/source/${other}/bns`)).status).toBe(404);
  });
});

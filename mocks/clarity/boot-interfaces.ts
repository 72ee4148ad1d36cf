// The boot contracts' interfaces on the mock's thread: asked of an engine of their own
// (boot-copies.ts runs on its thread) once a machine, kept on disk beside the engine images
// (node/image-files.ts), and read once a process.
import type { ContractId, ContractInterface } from './engine.ts';
import { readBootInterfacesFile, startEngine, writeBootInterfacesFile } from './load.ts';

const bootInterfacesOf = new Map<string, Promise<ReadonlyMap<ContractId, ContractInterface>>>();

/**
 * The interfaces of the boot contracts at `bootAddress` (the node's mainnet or testnet deployer),
 * by their ids: on first use, from disk (stored by this engine's package and this code), else
 * made by an engine started for it alone (its start and thirteen deployments: about 2 s on a
 * quiet machine), so no engine that holds a chain pays for them. `ClarityUnavailable` when the
 * package is missing; a failure is not kept.
 */
export function bootContractInterfaces(
  bootAddress: string,
): Promise<ReadonlyMap<ContractId, ContractInterface>> {
  let made = bootInterfacesOf.get(bootAddress);
  if (!made) {
    made = (async () => {
      const stored = await readBootInterfacesFile(bootAddress);
      if (stored) return new Map(stored);
      const engine = await startEngine();
      try {
        const interfaces = await engine.bootInterfacesLater(bootAddress);
        void writeBootInterfacesFile(bootAddress, interfaces);
        return new Map(interfaces);
      } finally {
        void engine.close();
      }
    })();
    bootInterfacesOf.set(bootAddress, made);
    made.catch(() => bootInterfacesOf.delete(bootAddress));
  }
  return made;
}

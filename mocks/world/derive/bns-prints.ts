import { Cl, ClarityType, type ClarityValue, type TupleCV } from '@stacks/transactions';
import { hexToBytes } from '@noble/hashes/utils';

// The BNS contract's prints, read back as the real service reads them (its
// src/event-stream/bns/bns-helpers.ts): the names' attachments and the namespaces' launches.

/** A name operation's attachment print, read. */
export interface AttachmentPrint {
  /** `<name>.<namespace>` */
  readonly name: string;
  readonly namespace: string;
  /** `name-register`, `name-update`, `name-import`, … */
  readonly op: string;
  /** The principal that sent it (`tx-sender`). */
  readonly sender: string;
  /** The zone file's hash160, hex. */
  readonly hash: string;
  readonly attachmentIndex: number;
  /** The metadata tuple, serialized (0x-hex): what a node's attachment message carries. */
  readonly metadataHex: string;
}

function tupleOf(hex: string): TupleCV | undefined {
  const value = Cl.deserialize(hex.startsWith('0x') ? hex : `0x${hex}`);
  return value.type === ClarityType.Tuple ? value : undefined;
}

function field(tuple: TupleCV, key: string): ClarityValue | undefined {
  return (tuple.value as Record<string, ClarityValue | undefined>)[key];
}

function bufferText(value: ClarityValue | undefined): string | undefined {
  return value?.type === ClarityType.Buffer ? new TextDecoder().decode(hexToBytes(value.value)) : undefined;
}

/** A `namespace-ready` print (`{ namespace, status: "ready", properties }`), read; undefined for any other. */
export function namespaceReady(hex: string): { namespace: string; lifetime: number } | undefined {
  const print = tupleOf(hex);
  if (!print) return undefined;
  const status = field(print, 'status');
  const properties = field(print, 'properties');
  const namespace = bufferText(field(print, 'namespace'));
  if (status?.type !== ClarityType.StringASCII || status.value !== 'ready') return undefined;
  if (properties?.type !== ClarityType.Tuple || namespace === undefined) return undefined;
  const lifetime = field(properties, 'lifetime');
  return lifetime?.type === ClarityType.UInt ? { namespace, lifetime: Number(lifetime.value) } : undefined;
}

/**
 * An attachment print (`{ attachment: { hash, attachment-index, metadata: { name, namespace,
 * op, tx-sender } } }`), read; undefined for any other.
 */
export function attachmentOf(hex: string): AttachmentPrint | undefined {
  const print = tupleOf(hex);
  const attachment = print && field(print, 'attachment');
  if (attachment?.type !== ClarityType.Tuple) return undefined;
  const hash = field(attachment, 'hash');
  const index = field(attachment, 'attachment-index');
  const metadata = field(attachment, 'metadata');
  if (hash?.type !== ClarityType.Buffer || metadata?.type !== ClarityType.Tuple) return undefined;
  const name = bufferText(field(metadata, 'name'));
  const namespace = bufferText(field(metadata, 'namespace'));
  const op = field(metadata, 'op');
  const sender = field(metadata, 'tx-sender');
  if (name === undefined || namespace === undefined || op?.type !== ClarityType.StringASCII) return undefined;
  if (sender?.type !== ClarityType.PrincipalStandard || index?.type !== ClarityType.UInt) return undefined;
  return {
    name: `${name}.${namespace}`,
    namespace,
    op: op.value,
    sender: sender.value,
    hash: hash.value,
    attachmentIndex: Number(index.value),
    metadataHex: `0x${Cl.serialize(metadata)}`,
  };
}

import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Document, Schema } from '../../spec/document.ts';
import { createSpecAjv } from '../../spec/schemas.ts';

/** A control call refused, with the status and message to answer it with. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A whole number of units as the control plane takes it: a string of decimal digits, as the API
 * writes amounts (exact at any size), or a JSON integer up to 2^53 - 1.
 */
export type WholeNumber = string | number;

/** A transaction to submit, as `POST /_mock/transactions` takes it (the control spec's SubmitRequest). */
export type SubmitRequest =
  | {
      type: 'token_transfer';
      sender: string;
      recipient: string;
      amount: WholeNumber;
      fee: WholeNumber;
      memo?: string;
    }
  | {
      type: 'contract_call';
      /** `<contract id>::<token>` of a fungible or non-fungible token the world knows. */
      asset: string;
      sender: string;
      recipient: string;
      /** Tokens moved, or the NFT's id. */
      amount: WholeNumber;
      fee: WholeNumber;
    };

/** A submit request that passed the control spec: its amount and fee exact, whatever their size. */
export type CheckedSubmit = Omit<SubmitRequest, 'amount' | 'fee'> & {
  amount: bigint;
  fee: bigint;
} & ({ type: 'token_transfer'; memo?: string } | { type: 'contract_call'; asset: string });

const COMPONENTS = [
  'MineRequest',
  'ReorgRequest',
  'TokenTransfer',
  'ContractCall',
  'Preference',
  'RateLimits',
] as const;

/** The control spec's request schemas the checks know. */
type Component = (typeof COMPONENTS)[number];

export function isChecked(name: string | undefined): name is Component {
  return (COMPONENTS as readonly (string | undefined)[]).includes(name);
}

interface ControlSchemas {
  components: Record<string, Schema & { 'x-expected'?: string; 'x-max'?: string }>;
  /** The schema's validator, compiled on its first use. */
  validator(name: Component): ValidateFunction;
}

const compiled = new WeakMap<Document, ControlSchemas>();

/** A control spec's request schemas, compiled once per document, on the first control call. */
function controlSchemas(doc: Document): ControlSchemas {
  let schemas = compiled.get(doc);
  if (!schemas) {
    const ajv = createSpecAjv(doc, { defaults: true });
    const validators = new Map<Component, ValidateFunction>();
    schemas = {
      components: (doc.components?.schemas ?? {}) as ControlSchemas['components'],
      validator: (name) => {
        let validate = validators.get(name);
        if (!validate) validators.set(name, (validate = ajv.component(name)));
        return validate;
      },
    };
    compiled.set(doc, schemas);
  }
  return schemas;
}

/**
 * The checks of the control spec (mocks/control/openapi.yaml, handed over as a document: Node
 * reads it with control-spec.ts, the browser bundle carries it as data).
 */
export class ControlChecks {
  constructor(private readonly doc: Document) {}

  /**
   * A limit the control spec sets on one property of a request: its `maximum`, or for a string
   * its `maxLength` (`MineRequest.blocks`, `ReorgRequest.depth`, `TokenTransfer.memo`).
   */
  limit(component: Component, property: string): number {
    const schema = controlSchemas(this.doc).components[component]?.properties?.[property] as
      Schema | undefined;
    const most = schema?.maximum ?? schema?.maxLength;
    if (typeof most !== 'number') throw new Error(`the control spec gives ${component}.${property} no limit`);
    return most;
  }

  /**
   * The body checked against the control spec's schema `name` (its defaults filled in); else a
   * 400 naming the first field at fault, `where` (`body`, `tx`) before its path.
   */
  body(name: Component, body: unknown, where = 'body'): unknown {
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw new ControlError(400, `the ${where} must be a JSON object`);
    const schemas = controlSchemas(this.doc);
    const validate = schemas.validator(name);
    if (!validate(body)) throw new ControlError(400, refusal(schemas, validate.errors ?? [], body, where));
    return body;
  }

  /** A submit request checked against the control spec, its amount and fee as exact integers. */
  submit(request: unknown, where = 'body'): CheckedSubmit {
    const type = (request as { type?: unknown } | null | undefined)?.type;
    if (type !== 'token_transfer' && type !== 'contract_call')
      throw new ControlError(400, `${where}.type must be token_transfer or contract_call`);
    const body = this.body(type === 'token_transfer' ? 'TokenTransfer' : 'ContractCall', request, where);
    const { amount, fee } = body as { amount: WholeNumber; fee: WholeNumber };
    const schemas = controlSchemas(this.doc);
    return {
      ...(body as SubmitRequest),
      amount: wholeNumber(schemas, amount, 'Amount', `${where}.amount`),
      fee: wholeNumber(schemas, fee, 'Fee', `${where}.fee`),
    } as CheckedSubmit;
  }
}

/** A value its schema accepted, within the schema's `x-max` (a Clarity uint's width, past what a pattern says). */
function wholeNumber(
  schemas: ControlSchemas,
  value: WholeNumber,
  component: 'Amount' | 'Fee',
  field: string,
): bigint {
  const schema = schemas.components[component];
  const n = BigInt(value);
  if (schema?.['x-max'] !== undefined && n > BigInt(schema['x-max']))
    throw new ControlError(400, `${field} must be ${schema['x-expected']}, got ${shown(value)}`);
  return n;
}

/** One line for the first error: a field whose schema says what it expects gets that, with the value sent. */
function refusal(schemas: ControlSchemas, errors: ErrorObject[], body: object, where: string): string {
  const first = errors[0];
  if (!first) return `the ${where} is invalid`;
  const path = `${where}${first.instancePath.replaceAll('/', '.')}`;
  const named = /\$defs\/([^/]+)\//.exec(first.schemaPath)?.[1];
  const expected = named === undefined ? undefined : schemas.components[named]?.['x-expected'];
  if (expected !== undefined)
    return `${path} must be ${expected}, got ${shown(valueAt(body, first.instancePath))}`;
  if (first.keyword === 'additionalProperties')
    return `${path} has an unknown property ${(first.params as { additionalProperty: string }).additionalProperty}`;
  return `${path} ${first.message ?? 'is invalid'}`;
}

function valueAt(body: object, pointer: string): unknown {
  let value: unknown = body;
  for (const key of pointer.split('/').slice(1)) value = (value as Record<string, unknown>)[key];
  return value;
}

/** A value as a message quotes it: JSON where it has one, cut short. */
function shown(value: unknown): string {
  const text = typeof value === 'bigint' ? `${value}n` : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

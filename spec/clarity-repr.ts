import { ClarityType, cvToString, type ClarityValue } from '@stacks/transactions';

/**
 * The printed form the real service shows for a Clarity value (Clarity's own): as
 * @stacks/transactions prints it, but a principal is a literal with a leading quote, `'SP….name`,
 * wherever it sits (docs/real-service.md). The mock writes `repr` with it and the contract suite
 * checks every `{hex, repr}` pair against it.
 */
export function reprOf(value: ClarityValue): string {
  switch (value.type) {
    case ClarityType.PrincipalStandard:
    case ClarityType.PrincipalContract:
      return `'${value.value}`;
    case ClarityType.OptionalSome:
    case ClarityType.ResponseOk:
    case ClarityType.ResponseErr:
      return `(${value.type} ${reprOf(value.value)})`;
    case ClarityType.List:
      return `(list ${value.value.map(reprOf).join(' ')})`;
    case ClarityType.Tuple:
      return `(tuple ${Object.entries(value.value)
        .map(([key, v]) => `(${key} ${reprOf(v)})`)
        .join(' ')})`;
    default:
      return cvToString(value);
  }
}

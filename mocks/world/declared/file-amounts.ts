import { MAX_STX_TRANSFER, parseAmount, type Amount } from '../amount.ts';
import { amountOutOfRange, feeOutOfRange, type FileAmount, type FileTx } from './world-file.ts';

type Path = (string | number)[];

/** Where a reader reports what it refused: the compiler's list of problems, by the file's path. */
export type ReportProblem = (path: Path, message: string) => void;

/** A world file's amount, exact to 2^128 - 1; 0 after reporting one out of range. */
export function fileAmount(value: FileAmount, path: Path, problem: ReportProblem): Amount {
  const amount = parseAmount(value);
  if (amount !== undefined) return amount;
  problem(path, amountOutOfRange(value));
  return 0;
}

/** What a transaction moves or locks; an STX transfer's fits its payload's u64. */
export function movedAmount(t: FileTx, path: Path, problem: ReportProblem): Amount {
  const amount = fileAmount(t.amount ?? 0, path, problem);
  if (t.type === 'stx_transfer' && amount > MAX_STX_TRANSFER)
    problem(
      path,
      `${amount} is past ${MAX_STX_TRANSFER} (2^64 - 1): an STX transfer's amount is a u64 in its payload (a token transfer's is a uint, up to 2^128 - 1)`,
    );
  return amount;
}

/** A fee: exact to 2^53 - 1, as the world's fees are; 0 after reporting one past it. */
export function fileFee(value: FileAmount, path: Path, problem: ReportProblem): number {
  const fee = Number(value);
  if (Number.isSafeInteger(fee)) return fee;
  problem(path, feeOutOfRange(value));
  return 0;
}

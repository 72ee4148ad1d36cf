import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { EXCHANGE_LOG, type LogRecord } from './records.ts';

/** Appends records of the run, one JSON line each, for the reporter that runs in the main process. */
export class ExchangeLog {
  private readonly file: string;

  constructor(reportDir: string) {
    mkdirSync(reportDir, { recursive: true });
    this.file = join(reportDir, EXCHANGE_LOG);
  }

  write(record: LogRecord): void {
    appendFileSync(this.file, `${JSON.stringify(record)}\n`);
  }
}

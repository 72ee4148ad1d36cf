import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Finding } from './exchange-check.ts';

/** One line of the report file. */
export interface ReportLine {
  time: string;
  operationId: string | null;
  method: string;
  path: string;
  status: number;
  where: string;
  expected: string;
  actual: string;
  severity: Finding['severity'];
}

export interface ReportSummary {
  exchanges: number;
  violations: number;
  drift: number;
  /** operationId (or `(no operation)`) → rule → count. */
  byOperation: Record<string, Record<string, number>>;
  file: string;
}

/** The rule a finding breaks: its place, with an undocumented field's path left out. */
export function ruleOf(where: string): string {
  return where.startsWith('undocumented field ') ? 'undocumented field' : where;
}

/** Writes each finding as one JSON line to the file (emptied at start) and keeps the counts. */
export class ViolationReport {
  private exchanges = 0;
  private readonly counts = { violation: 0, drift: 0 };
  private readonly byOperation: Record<string, Record<string, number>> = {};

  constructor(private readonly file: string) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '');
  }

  record(
    exchange: { method: string; path: string; status: number },
    findings: Finding[],
    now = new Date(),
  ): void {
    this.exchanges++;
    if (findings.length === 0) return;
    const lines = findings.map((f): ReportLine => ({
      time: now.toISOString(),
      operationId: f.operationId ?? null,
      method: exchange.method,
      path: exchange.path,
      status: exchange.status,
      where: f.where,
      expected: f.expected,
      actual: f.actual,
      severity: f.severity,
    }));
    appendFileSync(this.file, lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    for (const f of findings) {
      this.counts[f.severity]++;
      const perOperation = (this.byOperation[f.operationId ?? '(no operation)'] ??= {});
      const rule = ruleOf(f.where);
      perOperation[rule] = (perOperation[rule] ?? 0) + 1;
    }
  }

  summary(): ReportSummary {
    return {
      exchanges: this.exchanges,
      violations: this.counts.violation,
      drift: this.counts.drift,
      byOperation: this.byOperation,
      file: this.file,
    };
  }
}

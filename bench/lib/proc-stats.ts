import { readdirSync, readFileSync } from 'node:fs';

export interface ProcStats {
  /** Resident set size, bytes. */
  rss: number;
  /** Open file descriptors: sockets, pipes, files. */
  fds: number;
}

/** Reads another process's memory and open files from /proc (Linux only), as `ps` and `ls /proc/<pid>/fd` would. */
export function procStats(pid: number): ProcStats {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return { rss: Number(kb) * 1024, fds: readdirSync(`/proc/${pid}/fd`).length };
}

/** Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ), 100 on every common build. */
const CLOCK_TICKS = 100;

/** The CPU time another process has used so far, user plus system, in ms (10 ms steps). */
export function procCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), from the third: utime is the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

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

import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of parsing threads: below the event loop's, so that it gets a core first when they compete. */
export const WORKER_NICENESS = 10;

/**
 * Lowers the CPU priority of the calling thread (Linux: a thread has its own nice value, set through its
 * thread id, found in /proc/thread-self). Elsewhere, or when refused, nothing changes.
 */
export function lowerThreadPriority(niceness = WORKER_NICENESS): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, niceness);
    return true;
  } catch {
    return false;
  }
}

import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When a process started, in clock ticks since boot (field 22 of /proc/{pid}/stat), or
 * undefined where there is no /proc. A PID reused by another process has another start time.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** The lock is `{pid} {start time}`; older locks hold the PID alone. */
function readLock(lockPath: string): { pid: number; started: string | undefined } {
  const [pid, started] = fs.readFileSync(lockPath, 'utf8').trim().split(' ');
  return { pid: Number.parseInt(pid ?? '', 10), started: started || undefined };
}

/** True when the lock's process still runs: the same PID, started at the same time. */
function holderRuns(holder: { pid: number; started: string | undefined }): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid === process.pid || !isAlive(holder.pid)) return false;
  const started = processStartTime(holder.pid);
  return holder.started === undefined || started === undefined || started === holder.started;
}

/**
 * PGlite corrupts a data directory opened by two processes, so the server claims DATA_DIR
 * with a lock file holding its PID and start time. A lock left by a process that no longer
 * runs, or whose PID now belongs to another process, is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  const mine = [process.pid, processStartTime(process.pid)].filter((part) => part !== undefined).join(' ');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, mine, { flag: 'wx' });
      return () => {
        if (fs.readFileSync(lockPath, 'utf8') === mine) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(lockPath);
      if (holderRuns(holder)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another PaletteWall process (pid ${holder.pid}). ` +
            'Stop that process, or give this one its own DATA_DIR; to run several servers or workers ' +
            'on one database, use a PostgreSQL server through DATABASE_URL.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock file ${lockPath}.`);
}

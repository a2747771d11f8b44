/**
 * A real small disk for the full-disk and read-only cases: a tmpfs the test
 * mounts (as root), fills with one preallocated file, frees, remounts
 * read-only, and unmounts after. Where mounting is not allowed it says why,
 * and the test skips with that reason printed. (A read-only folder can also
 * be made with chmod, but not for root, who writes through any mode.)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface SmallDisk {
  dir: string;
  /** Takes every free byte but `leaveKb` (one file, `filler`). */
  fill(leaveKb?: number): void;
  /** Gives the filler's space back. */
  free(): void;
  readOnly(): void;
  unmount(): void;
}

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

/** A mounted tmpfs of `megabytes`, or why none can be made here. */
export function smallDisk(megabytes: number): SmallDisk | { reason: string } {
  if (process.platform !== 'linux') return { reason: `a tmpfs needs Linux (this is ${process.platform})` };
  if (process.getuid?.() !== 0)
    return { reason: 'mounting a tmpfs needs root, and the tests do not run as root' };
  const dir = fs.mkdtempSync(path.join(tmpdir(), 'torpedo-small-disk-'));
  try {
    run('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0700`, 'tmpfs', dir]);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    const said = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return { reason: `mount -t tmpfs was refused here (${said || String(error)})` };
  }
  const filler = path.join(dir, 'filler');
  const availableKb = () => Number(run('df', ['-k', '--output=avail', dir]).trim().split('\n').pop());
  return {
    dir,
    fill: (leaveKb = 0) => {
      // Another process writes meanwhile (a worker): take what is free now, again until nothing is.
      for (let part = 0; part < 50; part++) {
        const take = availableKb() - leaveKb;
        if (take <= 0) return;
        try {
          run('fallocate', ['-l', String(take * 1024), `${filler}-${part}`]);
        } catch {
          fs.rmSync(`${filler}-${part}`, { force: true });
          if (take <= 4) return;
        }
      }
    },
    free: () => {
      for (const name of fs.readdirSync(dir)) if (name.startsWith('filler')) fs.rmSync(path.join(dir, name));
    },
    readOnly: () => void run('mount', ['-o', 'remount,ro', dir]),
    unmount: () => {
      // Lazy: a process a failed test left behind must not keep the mount (or the next run) busy.
      run('umount', ['-l', dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

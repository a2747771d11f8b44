import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import type { Problem } from './archive-rules';
import { FUSE_OFF, FUSE_ON } from './stub-electron';

/**
 * The fuses electron-builder.yml asks for (`electronFuses`), as read back
 * from the packed executable: proves the electronFuses step ran and wrote
 * each one. `runAsNode: false` in the yml is FuseV1Options.RunAsNode off.
 */
export async function fuseProblems(executable: string, wanted: Record<string, boolean>): Promise<Problem[]> {
  const wire = (await getCurrentFuseWire(executable)) as unknown as Record<number, number>;
  const problems: Problem[] = [];
  for (const [key, on] of Object.entries(wanted)) {
    const name = key[0]!.toUpperCase() + key.slice(1);
    const index = FuseV1Options[name as keyof typeof FuseV1Options];
    if (index === undefined) {
      problems.push({ path: executable, reason: `electronFuses.${key} is no fuse @electron/fuses knows` });
    } else if (wire[index] !== (on ? FUSE_ON : FUSE_OFF)) {
      problems.push({
        path: executable,
        reason: `fuse ${name} is not ${on ? 'on' : 'off'} in the packed binary`,
      });
    }
  }
  return problems;
}

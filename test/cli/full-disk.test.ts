/**
 * A full disk and a read-only folder, made for real (a small tmpfs this test
 * mounts; skipped with the reason printed where mounting is not allowed),
 * met by the real `torpedo` processes (issue 27, points 2 and 3):
 * - the disk fills while `worker --until-idle` delivers: it stops with exit
 *   4 and the cause (it printed "failed unexpectedly" and never exited),
 *   and once space is back the next run delivers every message exactly once
 *   (the sandbox's ledger is the proof);
 * - an import onto a full disk says so with what to do, the log keeps
 *   SQLITE_FULL, and the contacts are as they were;
 * - a folder that cannot be written is said as such by each command.
 */
import fs from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { describe, expect, it, onTestFinished, type TestContext } from 'vitest';
import { createSmsGoClient } from '@core/api/smsgo-client';
import { campaignThroughCli, spawnSandbox, torpedo, untilIdleWorker } from '../support/processes';
import { dbFileOf, shopFolder } from '../core/db/data-folder-support';
import { smallDisk, type SmallDisk } from '../support/small-disk';

const SEND = 'POST /v1/sms/send/multiple';
const WORKER_TIMINGS = JSON.stringify({
  settleMs: 2_000,
  retryBaseMs: 50,
  idlePollMs: 100,
  leaseRetryMs: 200,
});

/** A small disk for this test, unmounted after; or the test is skipped with the reason printed. */
function diskOrSkip(ctx: TestContext, megabytes: number): SmallDisk {
  const disk = smallDisk(megabytes);
  if ('reason' in disk) {
    console.warn(`skipped "${ctx.task.name}": ${disk.reason}`);
    ctx.skip();
    throw new Error('unreachable');
  }
  onTestFinished(() => disk.unmount());
  return disk;
}

const contactsIn = (dataDir: string) => {
  const db = new Sqlite(dbFileOf(dataDir), { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM contacts').pluck().get() as number;
  } finally {
    db.close();
  }
};

describe('a full disk and a read-only folder, for real', () => {
  it(
    'the disk fills mid-delivery: the worker stops with exit 4 and why; later every message goes once',
    { timeout: 180_000 },
    async (ctx) => {
      const disk = diskOrSkip(ctx, 32);
      const sandbox = await spawnSandbox({ seed: 27 });
      const key = `test_full_disk_${Date.now()}`;
      await createSmsGoClient({ baseUrl: sandbox.url, accountKey: key }).purchase({ quantity: 100_000 });
      const dataDir = join(disk.dir, 'data');
      const campaign = await campaignThroughCli(dataDir, {
        name: 'Disco cheio',
        message: 'Oi {{nome}}, promoção!',
        contacts: 6_000,
      });
      // Each send answers after a second: the disk fills while the first batch is out.
      await sandbox.faults([{ route: SEND, fault: 'delay', delayMs: 1_000 }]);
      const env = { TORPEDO_DELIVERY_TIMINGS: WORKER_TIMINGS, LANG: 'C.UTF-8' };
      const run = torpedo(untilIdleWorker(dataDir, sandbox.url, key), env);
      await run.waitFor(/Worker started/);
      disk.fill();
      const ended = await Promise.race([
        run.done,
        new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 90_000)),
      ]);
      expect(ended, 'the worker never exited').not.toBe('hung');
      const first = ended as Awaited<typeof run.done>;
      expect(first.code, first.stderr).toBe(4);
      expect(first.stderr).toContain(
        "Delivery is waiting (disk_full): The disk holding Torpedo's data is full.",
      );
      expect(first.stderr).not.toContain('failed unexpectedly');
      expect(JSON.parse(first.stdout)).toMatchObject({
        idle: false,
        stalled: {
          code: 'disk_full',
          message: expect.stringContaining('Free some space'),
          reason: expect.stringMatching(/SQLITE_FULL|SQLITE_IOERR|ENOSPC/),
        },
      });

      disk.free();
      await sandbox.clearFaults();
      const second = await torpedo(untilIdleWorker(dataDir, sandbox.url, key), env).done;
      expect(second.code, second.stderr).toBe(0);
      const sent = (await sandbox.ledger(key)).messages.map((m) => m.reference ?? '');
      expect(sent).toHaveLength(campaign.references.length);
      expect(new Set(sent)).toEqual(new Set(campaign.references));
    },
  );

  it(
    'an import onto a full disk says so, the log keeps SQLITE_FULL, and the contacts are as they were',
    { timeout: 120_000 },
    async (ctx) => {
      const disk = diskOrSkip(ctx, 16);
      const dataDir = join(disk.dir, 'data');
      await shopFolder(dataDir, 100);
      const csv = join(fs.mkdtempSync(join(disk.dir, '..', 'torpedo-csv-')), 'muitos.csv');
      onTestFinished(() => fs.rmSync(join(csv, '..'), { recursive: true, force: true }));
      const rows = Array.from({ length: 20_000 }, (_, i) => `Cliente ${i};+55119${60_000_000 + i}`);
      fs.writeFileSync(csv, ['nome;telefone', ...rows].join('\n'));
      // Room for the log's lines, none for 20,000 contacts.
      disk.fill(256);

      const run = await torpedo(['import', csv, '--data-dir', dataDir, '--json'], { LANG: 'C.UTF-8' }).done;
      expect(run.code, run.stderr).toBe(1);
      expect(JSON.parse(run.stdout)).toMatchObject({ error: { code: 'disk_full' } });
      expect(run.stderr).toContain("Cannot import muitos.csv: The disk holding Torpedo's data is full.");
      expect(run.stderr).not.toContain('Something went wrong');
      disk.free();
      expect(fs.readFileSync(join(dataDir, 'logs', 'cli.log'), 'utf8')).toMatch(
        /"reason":"(SQLITE_FULL|ENOSPC)"/,
      );
      expect(contactsIn(dataDir)).toBe(100);
    },
  );

  it(
    'a folder that cannot be written: each command says so, with what to do',
    { timeout: 120_000 },
    async (ctx) => {
      const disk = diskOrSkip(ctx, 16);
      const dataDir = join(disk.dir, 'data');
      await shopFolder(dataDir, 3);
      disk.readOnly();
      const csv = join(fs.mkdtempSync(join(disk.dir, '..', 'torpedo-csv-')), 'clientes.csv');
      onTestFinished(() => fs.rmSync(join(csv, '..'), { recursive: true, force: true }));
      fs.writeFileSync(csv, 'nome,telefone\nAna,11987650001\n');
      for (const command of [
        ['contacts', 'list'],
        ['import', csv],
      ]) {
        const run = await torpedo([...command, '--data-dir', dataDir, '--json'], { LANG: 'C.UTF-8' }).done;
        const what = `${command[0]}: ${run.stderr}`;
        expect(run.code, what).toBe(1);
        expect(JSON.parse(run.stdout).error, what).toMatchObject({
          code: 'data_read_only',
          message: expect.stringContaining("Torpedo's data folder cannot be written"),
        });
        expect(run.stderr, what).not.toContain('failed unexpectedly');
      }
    },
  );
});

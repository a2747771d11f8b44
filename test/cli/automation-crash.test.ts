/**
 * Crash proof for the automations: `torpedo worker --until-idle` (a real
 * process, its clock moved on to tomorrow 10:30 with TORPEDO_CLOCK: a batch
 * waits in the outbox until its time, so the sends are due when it runs)
 * hands over tomorrow's birthdays (6,000 contacts, 09:00) and a daily send
 * to a list (3,000, 10:00), both late and so at once, and is SIGKILLed again
 * and again: right after it
 * starts (while the hand-over's transaction writes 9,000 messages) and at
 * random moments (during the hand-over, the sending, a reconcile), against
 * a sandbox process whose bulk sends are slow or lose their answer after
 * committing. Restarted each time on the same data folder. After each kill
 * the folder holds either a whole occurrence (its recipients and every one
 * of their messages) or none of it; in the end every contact is greeted
 * exactly once, as the sandbox's ledger counts them, and a further run hands
 * over nothing more.
 *
 * The kill moments come from a seeded PRNG; the seed is printed, and
 * CRASH_SEED=<n> replays a run.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSmsGoClient } from '@core/api/smsgo-client';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { createCore } from '@core/kernel/create-core';
import { openDatabase } from '@core/db/open-database';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { sendAnyTime } from '../support/any-time-rules';
import { createRecordingHost } from '../support/test-host';
import { tempDir } from '../support/temp-dir';
import { seededRandom, spawnSandbox, torpedo, untilIdleWorker } from '../support/processes';

const SEND = 'POST /v1/sms/send/multiple';
const KILLS = 8;
const BIRTHDAYS = 6_000;
const CLUB = 3_000;
const TIMINGS = JSON.stringify({
  settleMs: 2_000,
  retryBaseMs: 50,
  retryMaxMs: 500,
  offlineBaseMs: 100,
  offlineMaxMs: 500,
  leaseRetryMs: 200,
  idlePollMs: 100,
  progressThrottleMs: 0,
});

const sleep = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));

/** Tomorrow on Brasília time. */
function tomorrow(): { key: string; day: number; month: number } {
  const key = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    Date.now() + 86_400_000,
  );
  const [, month, day] = key.split('-').map(Number);
  return { key, day: day!, month: month! };
}

/** A shop's data folder: the templates, 6,000 birthdays tomorrow, a club of 3,000, and the two automations. */
async function shop(dataDir: string): Promise<void> {
  const db = openDatabase(join(dataDir, 'torpedo.db'));
  const { key, day, month } = tomorrow();
  try {
    const repo = createContactsRepo(db);
    const club = repo.createList('default', 'Clube');
    const people = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({
        name: `Cliente ${from + i}`,
        phone: `+55119${30_000_000 + from + i}`,
        email: null,
        fields: {},
      }));
    repo.upsertMany('default', people(BIRTHDAYS, 0), 'update');
    repo.upsertMany('default', people(CLUB, BIRTHDAYS), 'update', club.id);
    db.prepare('UPDATE contacts SET birth_md = ? WHERE phone < ?').run(
      month * 100 + day,
      `+55119${30_000_000 + BIRTHDAYS}`,
    );
  } finally {
    db.close();
  }
  const core = await createCore({
    dataDir,
    host: createRecordingHost('pt-BR'),
    secretStore: createMemorySecretStore(),
    localOnly: true,
  });
  try {
    const value = async <T>(p: Promise<{ ok: boolean; value?: T; error?: { message: string } }>) => {
      const r = await p;
      if (!r.ok) throw new Error(r.error!.message);
      return r.value as T;
    };
    // Not a test of the sending rules: tomorrow may be a Sunday or a holiday, greeted the day before under them.
    await sendAnyTime(core);
    const greet = await value<{ id: string }>(
      core.dispatch('templates:create', { name: 'Parabéns', text: 'Parabéns, {{nome}}!' }),
    );
    const offer = await value<{ id: string }>(
      core.dispatch('templates:create', { name: 'Clube', text: 'Oferta do clube para {{nome}}' }),
    );
    const lists = await value<{ id: string }[]>(core.dispatch('lists:list', {}));
    await value(
      core.dispatch('automations:create', {
        templateId: greet.id,
        audience: { kind: 'everyone' },
        rule: { kind: 'birthday', at: '09:00', daysBefore: 0 },
      }),
    );
    await value(
      core.dispatch('automations:create', {
        templateId: offer.id,
        audience: { kind: 'list', listId: lists[0]!.id },
        rule: { kind: 'recurring', at: '10:00', every: { unit: 'day' }, from: key, until: key },
      }),
    );
  } finally {
    await core.close();
  }
}

describe('crash proof: automations handed over by a worker killed at random moments', () => {
  it(`greets each contact exactly once through ${KILLS} SIGKILLs`, async () => {
    const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 1e6));
    console.log(`automation crash proof seed: ${seed} (CRASH_SEED=${seed} replays the kill moments)`);
    const random = seededRandom(seed);
    const key = `test_autocrash_${seed}_${Date.now()}`;
    const sandbox = await spawnSandbox({ seed: 12 });
    await createSmsGoClient({ baseUrl: sandbox.url, accountKey: key }).purchase({ quantity: 100_000 });
    await sandbox.faults(
      [
        { route: SEND, fault: 'delay', delayMs: 600, probability: 0.4 },
        { route: SEND, fault: 'timeout-after-commit', delayMs: 600, probability: 0.4 },
        { route: 'GET /v1/sms/list', fault: 'delay', delayMs: 200 },
      ],
      seed,
    );
    const dataDir = tempDir();
    await shop(dataDir);
    const db = openDatabase(join(dataDir, 'torpedo.db'));
    const one = (sql: string) => db.prepare(sql).pluck().get() as number;
    /** Whole occurrences or nothing: every recipient handed over has its message in the outbox, and no other. */
    const whole = () =>
      expect({
        recipients: one("SELECT count(*) FROM automation_recipients WHERE outcome = 'handed_over'"),
        occurrences: one("SELECT count(*) FROM automation_occurrences WHERE state = 'handed_over'"),
      }).toEqual({
        recipients: one(
          'SELECT count(*) FROM campaign_messages m JOIN campaigns c ON c.id = m.campaign_id WHERE c.automation_id IS NOT NULL',
        ),
        occurrences: one('SELECT count(*) FROM campaigns WHERE automation_id IS NOT NULL'),
      });

    let kills = 0;
    let duringHandOver = 0;
    const args = untilIdleWorker(dataDir, sandbox.url, key);
    // The worker's clock and the sandbox's move on together (the reconcile compares the two).
    const aheadMs = Date.parse(`${tomorrow().key}T10:30:00-03:00`) - Date.now();
    await sandbox.advanceClock(aheadMs);
    const env = () => ({ TORPEDO_DELIVERY_TIMINGS: TIMINGS, TORPEDO_CLOCK: JSON.stringify({ aheadMs }) });
    for (let runs = 1; ; runs++) {
      const run = torpedo(args, env());
      if (kills < KILLS) {
        // Alternate: just after it starts (the hand-over), or any moment from the start.
        const early = kills % 2 === 0;
        const moment = early
          ? run.waitFor(/^Worker started/).then(() => sleep(random() * 150))
          : sleep(500 + random() * 3_500);
        const first = await Promise.race([run.done.then(() => 'exited' as const), moment]);
        if (first !== 'exited') {
          const handedBefore = one('SELECT count(*) FROM campaigns WHERE automation_id IS NOT NULL');
          run.child.kill('SIGKILL');
          const killed = await run.done;
          if (killed.signal === 'SIGKILL') {
            kills++;
            if (early && handedBefore < 2) duringHandOver++;
            whole();
            continue;
          }
        }
      }
      const result = await run.done;
      expect(result.code, result.stderr).toBe(0);
      whole();
      if (kills >= KILLS || runs > KILLS * 3) break;
    }
    console.log(
      `automation crash proof: ${kills} kills, ${duringHandOver} of them before both occurrences were in the outbox`,
    );

    // Restarted once more: nothing is due that was not handed over.
    const last = await torpedo(args, env()).done;
    expect(last.code, last.stderr).toBe(0);
    expect(last.stderr).not.toMatch(/Automations: [1-9]/);

    const ledger = await sandbox.ledger(key);
    const perPhone = new Map<string, number>();
    for (const m of ledger.messages) perPhone.set(m.phone, (perPhone.get(m.phone) ?? 0) + 1);
    const twice = [...perPhone].filter(([, n]) => n > 1);
    expect({ twice: twice.slice(0, 5), people: perPhone.size }).toEqual({
      twice: [],
      people: BIRTHDAYS + CLUB,
    });
    // Handed over at 10:30, after their times: each went at once, with no schedule of its own.
    expect(ledger.messages.every((m) => m.schedule === null)).toBe(true);
    expect(one('SELECT count(*) FROM automation_occurrences')).toBe(2);
    db.close();
  }, 300_000);
});

/**
 * The register of privacy requests (issue 35, item 3) through the real core
 * on a real SQLite file: the due date the law gives (received + 15 days,
 * LGPD art. 19 II), counted on Brasília's days; the order the page shows;
 * the overview's warning of requests due within 3 days or overdue; the
 * answer; and an erased person's number leaving the register while the
 * request stays.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PrivacyRequestsDueView, PrivacyRequestView } from '@shared/dto';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { openDatabase } from '@core/db/open-database';
import { createPrivacyRequestsModule } from '@core/privacy-requests/privacy-requests-module';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';
import { failed, ok } from '../segments/segment-fixture';

/** A clock the test moves: the register counts days from it. */
function clock(iso: string) {
  let now = new Date(iso);
  return { now: () => now, set: (next: string) => (now = new Date(next)) };
}

async function registerCore(now: () => Date): Promise<Core> {
  return createCore({
    dataDir: tempDir(),
    host: createRecordingHost(),
    secretStore: createMemorySecretStore(),
    localOnly: true,
    now,
  });
}

describe('the register of privacy requests', () => {
  it('gives each request its due date, counts the days left in Brasília and warns of those due within 3 days', async () => {
    // 14/12/2026 23:30 in Brasília (already the 15th in UTC): still the 14th for the shop.
    const time = clock('2026-12-15T02:30:00.000Z');
    const core = await registerCore(time.now);
    try {
      const add = async (input: Record<string, unknown>) =>
        ok<PrivacyRequestView>(
          await core.dispatch('privacyRequests:add', {
            kind: 'access',
            phone: '(81) 98765-0001',
            channel: 'whatsapp',
            ...input,
          }),
        );
      const deletion = await add({
        kind: 'deletion',
        receivedOn: '2026-12-01',
        note: 'Pediu para apagar tudo',
      });
      expect(deletion).toEqual({
        id: expect.any(Number),
        phone: '+5581987650001',
        kind: 'deletion',
        channel: 'whatsapp',
        note: 'Pediu para apagar tudo',
        receivedOn: '2026-12-01',
        dueOn: '2026-12-16',
        answeredAt: null,
        answerNote: null,
        daysLeft: 2,
      });
      const overdue = await add({ kind: 'copy', channel: 'balcao', receivedOn: '2026-11-28' });
      expect([overdue.dueOn, overdue.daysLeft]).toEqual(['2026-12-13', -1]);
      const later = await add({ kind: 'correction', channel: 'email', receivedOn: '2026-12-10' });
      expect([later.dueOn, later.daysLeft]).toEqual(['2026-12-25', 11]);
      // Received today (the shop's today) unless said.
      const today = await add({ kind: 'consent_withdrawn', channel: 'sms' });
      expect([today.receivedOn, today.dueOn]).toEqual(['2026-12-14', '2026-12-29']);

      const due = ok<PrivacyRequestsDueView>(await core.dispatch('privacyRequests:due', {}));
      expect(due.withinDays).toBe(3);
      expect(due.requests.map((r) => [r.kind, r.daysLeft])).toEqual([
        ['copy', -1],
        ['deletion', 2],
      ]);

      // Answered, the request leaves the warning and goes to the end of the list; a second answer keeps the first.
      time.set('2026-12-15T13:00:00.000Z');
      const answered = ok<PrivacyRequestView>(
        await core.dispatch('privacyRequests:answer', {
          id: overdue.id,
          answerNote: 'Entreguei a cópia impressa',
        }),
      );
      expect(answered).toMatchObject({
        answeredAt: '2026-12-15T13:00:00.000Z',
        answerNote: 'Entreguei a cópia impressa',
        daysLeft: null,
      });
      time.set('2026-12-15T14:00:00.000Z');
      expect(
        ok<PrivacyRequestView>(
          await core.dispatch('privacyRequests:answer', { id: overdue.id, answerNote: 'de novo' }),
        ),
      ).toMatchObject({ answeredAt: '2026-12-15T13:00:00.000Z', answerNote: 'Entreguei a cópia impressa' });

      const list = ok<PrivacyRequestView[]>(await core.dispatch('privacyRequests:list', {}));
      expect(list.map((r) => [r.kind, r.daysLeft])).toEqual([
        ['deletion', 1],
        ['correction', 10],
        ['consent_withdrawn', 14],
        ['copy', null],
      ]);
      expect(
        ok<PrivacyRequestsDueView>(await core.dispatch('privacyRequests:due', {})).requests.map(
          (r) => r.kind,
        ),
      ).toEqual(['deletion']);
    } finally {
      await core.close();
    }
  });

  it('refuses a number that cannot be read, a day after today, and an answer to no request', async () => {
    const core = await registerCore(clock('2026-12-14T15:00:00.000Z').now);
    try {
      const bad = failed(
        await core.dispatch('privacyRequests:add', { kind: 'access', phone: '123', channel: 'telefone' }),
      );
      expect(bad.code).toBe('invalid_input');
      expect(bad.details?.fields?.[0]?.field).toBe('phone');
      const future = failed(
        await core.dispatch('privacyRequests:add', {
          kind: 'access',
          phone: '81987650001',
          channel: 'telefone',
          receivedOn: '2026-12-15',
        }),
      );
      expect(future.details?.fields?.[0]?.field).toBe('receivedOn');
      expect(failed(await core.dispatch('privacyRequests:answer', { id: 99 })).code).toBe('not_found');
      expect(ok<PrivacyRequestView[]>(await core.dispatch('privacyRequests:list', {}))).toEqual([]);
    } finally {
      await core.close();
    }
  });

  it('forgets an erased person’s number and keeps that a deletion was asked and answered', async () => {
    const db = openDatabase(join(tempDir(), 'torpedo.db'));
    try {
      const time = clock('2026-12-14T15:00:00.000Z');
      const module = createPrivacyRequestsModule({ db, now: time.now, profile: () => 'default' });
      const asked = await module.handlers['privacyRequests:add']({
        kind: 'deletion',
        phone: '81987650001',
        channel: 'balcao',
        receivedOn: '2026-12-10',
        note: null,
      });
      await module.handlers['privacyRequests:add']({
        kind: 'access',
        phone: '81987650002',
        channel: 'balcao',
        receivedOn: '2026-12-10',
        note: null,
      });
      await module.handlers['privacyRequests:answer']({ id: asked.id, answerNote: 'Apagado' });

      expect(module.forgetPhone('default', '+5581987650001')).toBe(1);
      const list = await module.handlers['privacyRequests:list']({});
      expect(list.map((r) => [r.kind, r.phone, r.answerNote])).toEqual([
        ['access', '+5581987650002', null],
        ['deletion', null, 'Apagado'],
      ]);
      // No trace of the number is left in the table.
      expect(
        db.prepare("SELECT count(*) FROM privacy_requests WHERE phone LIKE '%987650001%'").pluck().get(),
      ).toBe(0);
    } finally {
      db.close();
    }
  });
});

import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncListStatus, SyncProgressView, SyncRunResult, SyncStatusView } from '@shared/dto/sync';
import ListsView from '@renderer/views/contacts/ListsView.vue';
import { installFakeBridge, ok, sampleList } from '../support/fake-bridge';
import { byTestId, click, mountInApp, queryTestId, squash } from '../support/mount-helpers';

enableAutoUnmount(afterEach);

const off = (listId: string): SyncListStatus => ({
  listId,
  enabled: false,
  linked: false,
  syncedAt: null,
  pending: 0,
  rejected: 0,
  rejectedReason: null,
  optOutsKept: 0,
  optOutsKeptReason: null,
  error: null,
});

const status = (lists: SyncListStatus[], progress: SyncProgressView | null = null): SyncStatusView => ({
  running: progress?.state === 'running',
  progress,
  lists,
});

const progress = (over: Partial<SyncProgressView> = {}): SyncProgressView => ({
  runId: 'r1',
  state: 'running',
  phase: 'push',
  done: 3,
  total: 10,
  waitingSeconds: null,
  ...over,
});

const rowOf = (name: string) =>
  document.querySelector<HTMLElement>(`[data-testid="list-row"][data-list-name="${name}"]`)!;
const inRow = (name: string, testId: string) =>
  [...rowOf(name).querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)].map((e) =>
    squash(e.textContent),
  );
const switchOf = (name: string) => rowOf(name).querySelector<HTMLElement>('[role="switch"]')!;

function bridgeWith(lists: SyncListStatus[]) {
  let current = status(lists);
  const bridge = installFakeBridge()
    .reply('lists:list', [sampleList('l1', 'Clientes VIP', 12), sampleList('l2', 'Centro', 1)])
    .handle('sync:status', () => ok(current))
    .reply('sync:serviceLists', [])
    .handle('sync:setList', ({ listId, enabled }) => {
      const next = { ...off(listId), enabled, pending: enabled ? 1 : 0 };
      current = status([...current.lists.filter((l) => l.listId !== listId), next]);
      return ok(next);
    });
  return { bridge, set: (next: SyncStatusView) => void (current = next) };
}

describe('Sync with SMSGo on the Lists page (with a fake bridge)', () => {
  it('has a labelled switch per list that turns sync on from the keyboard too', async () => {
    const { bridge } = bridgeWith([off('l1'), off('l2')]);
    await mountInApp(ListsView);

    const sw = switchOf('Centro');
    expect(sw.getAttribute('aria-label')).toBe('Sincronizar a lista Centro com o SMSGo');
    expect(sw.getAttribute('aria-checked')).toBe('false');
    expect(sw.tabIndex).toBe(0);
    expect(inRow('Centro', 'list-sync-summary')).toEqual(['Só neste computador']);
    // Nothing syncs yet: "Sync now" is off and says why.
    expect(byTestId('sync-now').hasAttribute('disabled')).toBe(true);
    expect(document.body.textContent).toContain('Ative a sincronização de pelo menos uma lista');

    sw.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true }));
    sw.dispatchEvent(new KeyboardEvent('keyup', { key: ' ', code: 'Space', bubbles: true }));
    await flushPromises();

    expect(bridge.inputsOf('sync:setList')).toEqual([{ listId: 'l2', enabled: true }]);
    expect(switchOf('Centro').getAttribute('aria-checked')).toBe('true');
    expect(inRow('Centro', 'list-sync-summary')).toEqual(['1 contato a enviar']);
    expect(document.body.textContent).toContain('A lista “Centro” será sincronizada com o SMSGo.');
    expect(byTestId('sync-now').hasAttribute('disabled')).toBe(false);
  });

  it('says when each list synced, what waits, and why a sync stopped with what to do', async () => {
    bridgeWith([
      { ...off('l1'), enabled: true, linked: true, syncedAt: new Date().toISOString() },
      {
        ...off('l2'),
        enabled: true,
        linked: true,
        pending: 4,
        rejected: 1,
        rejectedReason: 'email: Invalid email address',
        error: { code: 'unreachable', detail: 'GET /v1/lists/x/show failed', at: new Date().toISOString() },
      },
    ]);
    await mountInApp(ListsView);

    expect(inRow('Clientes VIP', 'list-sync-summary')).toEqual(['Sincronizada agora há pouco']);
    expect(inRow('Clientes VIP', 'list-sync-problem')).toEqual([]);
    expect(inRow('Centro', 'list-sync-summary')).toEqual(['Não sincronizada']);
    expect(inRow('Centro', 'list-sync-problem')).toEqual([
      'O SMSGo não respondeu. As alterações ficam guardadas e são enviadas sozinhas quando a conexão voltar.',
      '4 contatos a enviar',
      '1 contato recusado pelo SMSGo. Motivo: email: Invalid email address. Corrija o contato e ele será enviado de novo.',
    ]);
    // The switch is described by that state, for screen readers.
    const described = document.getElementById(switchOf('Centro').getAttribute('aria-describedby')!);
    expect(squash(described?.textContent)).toContain('O SMSGo não respondeu.');
  });

  it('shows the progress of a run from its events, the 429 wait, and how it ended', async () => {
    const { bridge, set } = bridgeWith([{ ...off('l1'), enabled: true, linked: true }, off('l2')]);
    let finish: (result: SyncRunResult) => void = () => undefined;
    bridge.handle('sync:run', () => new Promise((resolve) => (finish = (r) => resolve(ok(r)))));
    bridge.reply('sync:cancel', { cancelled: true });
    await mountInApp(ListsView);
    expect(queryTestId('sync-progress')).toBeNull();

    await click(byTestId('sync-now'));
    expect(bridge.inputsOf('sync:run')).toEqual([{}]);
    bridge.emit('sync:progress', progress({ phase: 'pull', done: 1, total: 4 }));
    await flushPromises();

    const bar = byTestId('sync-progress');
    expect(squash(bar.textContent)).toContain('Trazendo contatos do SMSGo…');
    expect(squash(byTestId('sync-progress-steps').textContent)).toBe('1 de 4');
    expect(bar.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('25');
    // While it runs, the button stops it.
    expect(queryTestId('sync-now')).toBeNull();

    bridge.emit('sync:progress', progress({ done: 2, total: 4, waitingSeconds: 5 }));
    await flushPromises();
    expect(squash(bar.textContent)).toContain('O SMSGo pediu para ir mais devagar. Continuando em 5 s…');

    await click(byTestId('sync-stop'));
    expect(bridge.inputsOf('sync:cancel')).toEqual([{}]);

    set(
      status([{ ...off('l1'), enabled: true, linked: true, syncedAt: new Date().toISOString() }, off('l2')]),
    );
    bridge.emit('sync:progress', progress({ state: 'done', done: 4, total: 4 }));
    finish({
      runId: 'r1',
      state: 'done',
      pushed: 3,
      deleted: 0,
      pulled: 12,
      skippedOptedOut: 2,
      rejected: 0,
      left: 0,
      optOutsRemoved: 0,
      error: null,
    });
    await flushPromises();

    expect(queryTestId('sync-progress')).toBeNull();
    expect(squash(byTestId('sync-outcome').textContent)).toBe(
      'Sincronização concluída. Enviados: 3. Recebidos: 12. Apagados no SMSGo: 0. 2 números descadastrados não foram enviados.',
    );
    expect(inRow('Clientes VIP', 'list-sync-summary')).toEqual(['Sincronizada agora há pouco']);
  });

  it('says in English what a failed run means', async () => {
    const { bridge } = bridgeWith([{ ...off('l1'), enabled: true, linked: true }, off('l2')]);
    bridge.reply('sync:run', {
      runId: 'r2',
      state: 'failed',
      pushed: 0,
      deleted: 0,
      pulled: 0,
      skippedOptedOut: 0,
      rejected: 0,
      left: 0,
      optOutsRemoved: 0,
      error: { code: 'gave_up', detail: 'gave up after 4 tries: 503', at: new Date().toISOString() },
    });
    await mountInApp(ListsView, { locale: 'en' });
    await click(byTestId('sync-now'));
    expect(squash(byTestId('sync-outcome').textContent)).toBe(
      'The sync stopped. SMSGo failed several times in a row. Torpedo tries again in a few minutes, or click Sync now.',
    );
  });

  it('offers the lists only on SMSGo and brings one into Torpedo, synced', async () => {
    const { bridge } = bridgeWith([off('l1'), off('l2')]);
    bridge.reply('sync:serviceLists', [
      { remoteId: 'r1', name: 'Promoção', contacts: 1234 },
      { remoteId: 'r2', name: 'Zeta', contacts: 1 },
    ]);
    bridge.reply('sync:bringList', {
      list: sampleList('l3', 'Promoção', 0),
      status: { ...off('l3'), enabled: true, linked: true },
    });
    await mountInApp(ListsView);

    const rows = () =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="service-list-row"]')].map((r) =>
        r.getAttribute('data-list-name'),
      );
    expect(squash(byTestId('service-only-lists').textContent)).toContain('Só no SMSGo');
    expect(rows()).toEqual(['Promoção', 'Zeta']);
    // How many contacts bringing each in would pull, as the Lists table counts them.
    expect(
      [...document.querySelectorAll('[data-testid="service-list-count"]')].map((c) => squash(c.textContent)),
    ).toEqual(['1.234 contatos', '1 contato']);
    const bring = document.querySelector<HTMLElement>(
      '[data-list-name="Promoção"] [data-testid="service-list-bring"]',
    )!;
    expect(bring.getAttribute('aria-label')).toBe('Trazer a lista Promoção para o Torpedo');
    const listsBefore = bridge.inputsOf('lists:list').length;

    await click(bring);

    expect(bridge.inputsOf('sync:bringList')).toEqual([{ remoteId: 'r1' }]);
    expect(rows()).toEqual(['Zeta']);
    expect(document.body.textContent).toContain(
      'A lista “Promoção” está no Torpedo. Os contatos dela estão chegando.',
    );
    // The Lists table is read again: the new list shows there.
    expect(bridge.inputsOf('lists:list').length).toBeGreaterThan(listsBefore);
  });

  it('says when SMSGo cannot be read for its lists, and when none is missing', async () => {
    const { bridge } = bridgeWith([off('l1'), off('l2')]);
    bridge.fail('sync:serviceLists', 'network_error');
    await mountInApp(ListsView, { locale: 'en' });
    expect(squash(byTestId('service-lists-error').textContent)).toContain(
      'Could not read the lists on SMSGo.',
    );

    bridge.reply('sync:serviceLists', []);
    await click(byTestId('service-lists-check'));
    expect(queryTestId('service-lists-error')).toBeNull();
    expect(squash(byTestId('service-lists-empty').textContent)).toBe(
      'Every list on SMSGo is already in Torpedo.',
    );
  });

  it('says when opted-out numbers could not be taken off the list on SMSGo, and what a run did', async () => {
    const { bridge } = bridgeWith([
      { ...off('l1'), enabled: true, linked: true, optOutsKept: 2, optOutsKeptReason: 'http_403: Forbidden' },
      off('l2'),
    ]);
    bridge.reply('sync:run', {
      runId: 'r3',
      state: 'done',
      pushed: 0,
      deleted: 0,
      pulled: 0,
      skippedOptedOut: 0,
      rejected: 0,
      left: 3,
      optOutsRemoved: 1,
      error: null,
    });
    await mountInApp(ListsView, { locale: 'en' });

    expect(inRow('Clientes VIP', 'list-sync-problem')).toEqual([
      '2 opted-out numbers are still in this list on SMSGo. Reason: http_403: Forbidden. Take the number out of the list on SMSGo, or edit the contact here for Torpedo to try again.',
    ]);
    await click(byTestId('sync-now'));
    expect(squash(byTestId('sync-outcome').textContent)).toBe(
      "Sync finished. Sent: 0. Received: 0. Deleted on SMSGo: 0. 3 contacts left lists, as on SMSGo. 1 opted-out number was taken off SMSGo's lists.",
    );
  });
});

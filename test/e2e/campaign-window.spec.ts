import { expect, test } from './harness/fixtures';

/**
 * Quiet hours through the whole stack: a campaign whose sending window is
 * closed right now (in São Paulo time) is sent from the composer; the worker
 * holds its batch instead of sending it, and the campaign page says why and
 * that nothing needs doing. Nothing reaches the sandbox meanwhile.
 */

/** "HH:MM" in São Paulo, `hours` from now. */
function saoPauloClock(hours: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(Date.now() + hours * 3_600_000);
}

test('a campaign outside its sending window waits, and its page says so', async ({ page, torpedo }) => {
  await torpedo.signInDemo();
  const contacts = [];
  for (const { name, phone } of [
    { name: 'Bia Costa', phone: '(11) 91111-1111' },
    { name: 'Caio Dias', phone: '(21) 92222-2222' },
  ]) {
    contacts.push(
      await torpedo.invoke('contacts:create', { name, phone, email: null, fields: {}, listIds: [] }),
    );
  }
  const draft = await torpedo.invoke('campaigns:create', { name: 'Só à noite' });
  // The window opens two hours from now and closes an hour later: closed now, whatever the time of day.
  await torpedo.invoke('campaigns:saveDraft', {
    id: draft.id,
    template: 'Oi {{nome}}! Hoje à noite tem promoção.',
    audience: { listIds: [], contactIds: contacts.map((c) => c.id) },
    options: { sendWindow: { start: saoPauloClock(2), end: saoPauloClock(3) } },
  });

  await page.getByTestId('nav-campaigns').click();
  await page
    .getByTestId('campaign-row')
    .filter({ hasText: 'Só à noite' })
    .getByTestId('campaign-link')
    .click();
  await expect(page).toHaveURL(/#\/campaigns\/[\w-]+\/edit$/);
  await expect(page.getByTestId('composer-window-enabled')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('composer-save-state')).toHaveAttribute('data-state', 'saved');

  await page.getByTestId('composer-send').click();
  await expect(page.getByTestId('composer-send-summary').getByTestId('confirm-recipients')).toHaveText('2');
  await page.getByTestId('composer-send-confirm').click();

  await expect(page).toHaveURL(/#\/campaigns\/[\w-]+$/);
  const hold = page.getByTestId('campaign-hold');
  await expect(hold).toHaveAttribute('data-hold', 'outside_send_window', { timeout: 30_000 });
  await expect(hold).toContainText('Fora do horário de envio escolhido');
  await expect(hold).toContainText('Não precisa fazer nada: a campanha continua sozinha no horário.');
  await expect(page.getByTestId('campaign-status')).toHaveAttribute('data-status', 'held');
  expect((await torpedo.invoke('campaigns:progress', { id: draft.id })).messages).toMatchObject({
    accepted: 0,
  });
});

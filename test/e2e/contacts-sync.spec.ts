import { expect, test } from './harness/fixtures';

test.use({ viewport: { width: 1280, height: 800 } });

test('a list synced with SMSGo from its switch (keyboard), then "Sync now" with its outcome', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  const list = await torpedo.invoke('lists:create', { name: 'Clientes VIP' });
  await torpedo.invoke('contacts:create', { name: 'Ana Lima', phone: '(11) 98765-4321', listIds: [list.id] });
  await torpedo.invoke('contacts:create', {
    name: 'Bruno Dias',
    phone: '(21) 99876-5432',
    listIds: [list.id],
  });

  await page.getByTestId('nav-contacts').click();
  await page.getByTestId('nav-lists').click();
  const row = page.getByTestId('list-row').filter({ hasText: 'Clientes VIP' });
  await expect(row.getByTestId('list-sync-summary')).toHaveText('Só neste computador');
  await expect(page.getByTestId('sync-now')).toBeDisabled();

  const toggle = row.getByRole('switch', { name: 'Sincronizar a lista Clientes VIP com o SMSGo' });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('A lista “Clientes VIP” será sincronizada com o SMSGo.')).toBeVisible();
  // Turning it on syncs in the background; its end updates the row.
  await expect(row.getByTestId('list-sync-summary')).toHaveText('Sincronizada agora há pouco', {
    timeout: 20_000,
  });

  await page.getByTestId('sync-now').click();
  await expect(page.getByTestId('sync-outcome')).toContainText('Sincronização concluída.');
  const status = await torpedo.invoke('sync:status');
  expect(status.lists).toEqual([
    expect.objectContaining({ listId: list.id, linked: true, pending: 0, error: null }),
  ]);

  // The sync column fits the 1280-pixel window: no sideways scrolling.
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
  await expect(row.getByTestId('list-sync')).toBeInViewport();
});

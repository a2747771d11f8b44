import { createSmsGoClient } from '@core/api/smsgo-client';
import { DEMO_ACCOUNT_KEY } from '../../src/sandbox/index';
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

test('a list only on SMSGo is brought into Torpedo with its contacts, synced', async ({ page, torpedo }) => {
  await torpedo.signInDemo();
  // Someone made a list on SMSGo itself (the demo account on its sandbox).
  const session = await torpedo.invoke('session:get');
  const smsgo = createSmsGoClient({ baseUrl: session.baseUrl!, accountKey: DEMO_ACCOUNT_KEY });
  const promo = await smsgo.createList({ name: 'Promoção de Natal' });
  await smsgo.createContact({ full_name: 'Carla Souza', phone: '+5511912345678', lists: [promo.id] });
  await smsgo.createContact({ full_name: 'Davi Rocha', phone: '+5521912345678', lists: [promo.id] });

  await page.getByTestId('nav-contacts').click();
  await page.getByTestId('nav-lists').click();
  const section = page.getByTestId('service-only-lists');
  await expect(section.getByRole('heading', { level: 2, name: 'Só no SMSGo' })).toBeVisible();
  const bring = section.getByRole('button', { name: 'Trazer a lista Promoção de Natal para o Torpedo' });
  await bring.focus();
  await page.keyboard.press('Enter');

  await expect(page.getByText('A lista “Promoção de Natal” está no Torpedo.')).toBeVisible();
  await expect(section.getByTestId('service-lists-empty')).toBeVisible();
  const row = page.getByTestId('list-row').filter({ hasText: 'Promoção de Natal' });
  await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  // Its contacts arrive with the background sync, and the row says so.
  await expect(row.getByTestId('list-count')).toHaveText('2 contatos', { timeout: 20_000 });
  await expect(row.getByTestId('list-sync-summary')).toHaveText('Sincronizada agora há pouco');
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
});

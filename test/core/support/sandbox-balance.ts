/**
 * The balance a sandbox account holds, read as any client of the service
 * would (its own token, `GET /v1/account/balance`), with plain fetch: the
 * tests' independent word on what the app should show, never the app's own
 * client.
 */
export async function sandboxBalance(baseUrl: string, accountKey: string): Promise<number> {
  const auth = await fetch(`${baseUrl}/v1/auth/token`, { headers: { 'SMSGo-key': accountKey } });
  if (!auth.ok) throw new Error(`sandbox token: ${auth.status} ${await auth.text()}`);
  const { token } = (await auth.json()) as { token: string };
  const res = await fetch(`${baseUrl}/v1/account/balance`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`sandbox balance: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { balance: number }).balance;
}

/**
 * A sandbox account's own word, read as any client of the service would (its
 * own token, plain fetch): the tests' independent source for what the app
 * should show, never the app's own client.
 */
export async function sandboxRead<T>(baseUrl: string, accountKey: string, path: string): Promise<T> {
  const auth = await fetch(`${baseUrl}/v1/auth/token`, { headers: { 'SMSGo-key': accountKey } });
  if (!auth.ok) throw new Error(`sandbox token: ${auth.status} ${await auth.text()}`);
  const { token } = (await auth.json()) as { token: string };
  const res = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`sandbox ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The balance the account holds (`GET /v1/account/balance`), in reais. */
export async function sandboxBalance(baseUrl: string, accountKey: string): Promise<number> {
  return (await sandboxRead<{ balance: number }>(baseUrl, accountKey, '/v1/account/balance')).balance;
}

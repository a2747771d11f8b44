/** `whsec_abcdef…1234` → `whsec_••••••••1234`: recognisable, not usable. */
export function maskSecret(secret: string): string {
  const prefix = secret.startsWith('whsec_') ? 'whsec_' : '';
  const tail = secret.length - prefix.length > 8 ? secret.slice(-4) : '';
  return `${prefix}${'•'.repeat(8)}${tail}`;
}

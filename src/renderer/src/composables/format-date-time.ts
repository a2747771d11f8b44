/** A service date as the user reads it (`14/03/2025 13:05` in pt-BR); an unreadable one as it came. */
export function formatDateTime(iso: string, locale: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at)
    ? iso
    : new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(at);
}

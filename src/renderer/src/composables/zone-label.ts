/** i18n keys of the time zones the composer offers by name. */
const ZONE_KEYS: Record<string, string> = {
  'America/Sao_Paulo': 'composer.zone_saoPaulo',
  'America/Manaus': 'composer.zone_manaus',
  'America/Cuiaba': 'composer.zone_cuiaba',
  'America/Rio_Branco': 'composer.zone_rioBranco',
  'America/Noronha': 'composer.zone_noronha',
};

/** A time zone in words ("Brasília time"), or its IANA name when we have no words for it. */
export function zoneLabel(zone: string, t: (key: string) => string): string {
  const key = ZONE_KEYS[zone];
  return key ? t(key) : zone;
}

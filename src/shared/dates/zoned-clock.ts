/**
 * A zone's wall clock, without loading all of date-fns. `date-fns-tz`'s own
 * `formatInTimeZone` imports `getDefaultOptions` from date-fns' root (for
 * its `z` token's zone names), and that root loads every date-fns module:
 * some 330 MB of RSS and 2 s of CPU on Node 24 in each process and thread
 * that imported it (the app, the CLI, the import worker), measured for
 * issue 34 (bench:import's "before the import" RSS line). Torpedo only ever
 * formats two patterns, so they are read from Intl (the same tz data
 * date-fns-tz reads) here; `fromZonedTime` comes from its own subpath,
 * which does not reach the root.
 *
 * Pure, no Node, no DOM: the renderer may use it too.
 */
export { fromZonedTime } from 'date-fns-tz/fromZonedTime';

/** The patterns Torpedo formats a zone's clock in (date-fns' tokens, as the callers wrote them). */
export type ZonedPattern = "yyyy-MM-dd'T'HH:mm" | 'yyyy-MM-dd';

/** One formatter per zone: making one costs far more than using it, and a campaign asks per recipient. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * `at` on `zone`'s clock, as `yyyy-MM-dd` or `yyyy-MM-ddTHH:mm` (what
 * date-fns-tz's `formatInTimeZone` gives for those patterns). An invalid
 * date or an unknown zone throws a RangeError, as it does.
 */
export function formatInTimeZone(at: Date, zone: string, pattern: ZonedPattern): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of formatterOf(zone).formatToParts(at)) part[p.type] = p.value;
  const date = `${part.year!.padStart(4, '0')}-${part.month}-${part.day}`;
  return pattern === 'yyyy-MM-dd' ? date : `${date}T${part.hour}:${part.minute}`;
}

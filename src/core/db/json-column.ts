/**
 * Serialises a value for a TEXT column read back with JSON.parse.
 * JSON.stringify(undefined) (or of a function) is undefined, which would hit
 * NOT NULL with an obscure message or store nothing useful: fail clearly instead.
 */
export function toJsonColumn(value: unknown, key: string): string {
  const json = JSON.stringify(value);
  if (json === undefined) {
    throw new TypeError(
      `Cannot store "${key}": the value is not JSON-serialisable (use delete to remove it).`,
    );
  }
  return json;
}

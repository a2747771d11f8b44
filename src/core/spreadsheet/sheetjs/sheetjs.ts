/**
 * SheetJS, loaded the first time a spreadsheet needs it. It is about 1 MB of
 * code that takes ~50 ms and ~18 MB to load in the import worker, and a CSV
 * import (the common case) never runs any of it.
 */
export type SheetJs = typeof import('@e965/xlsx');

let loading: Promise<SheetJs> | undefined;

export function loadSheetjs(): Promise<SheetJs> {
  loading ??= import('@e965/xlsx');
  return loading;
}

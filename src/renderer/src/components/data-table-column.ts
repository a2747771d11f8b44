/** One column of a DataTable: its header, how its cells sit, and (without a slot) their text. */
export interface DataColumn<Row> {
  /** Names the column's cell slot, `#cell-<key>`; unique within the table. */
  key: string;
  /** The header cell's text. */
  title: string;
  /** The header is for screen readers only (a column of buttons needs no visible title). */
  hideTitle?: boolean;
  /** Counts, money and buttons sit on the right. */
  align?: 'left' | 'right';
  width?: string;
  minWidth?: string;
  /** Longer text is cut at this width, with "…". */
  maxWidth?: string;
  /** The column's cells keep to one line (counts, tags, buttons). */
  nowrap?: boolean;
  /** The cell names its row: a `<th scope="row">`. */
  rowHeader?: boolean;
  /** The cell's text, for a column with no slot. */
  text?: (row: Row) => string | number;
  /** How many columns this cell takes in that row (the ones it covers are left out). */
  colspan?: (row: Row) => number;
  /** Attributes of the cell itself (a data-testid, a title). */
  cellAttrs?: (row: Row) => Record<string, string | undefined>;
  /** A class on the column's cells under the header, for a page that styles them its own way (`:deep(.x)` in its CSS). */
  class?: string;
}

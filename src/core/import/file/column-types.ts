import { ColumnTypeEvidence, type ColumnReading } from '../../../shared/field-types';
import type { RowSink } from '../../spreadsheet';

/**
 * The type of each column of a file (text, number, date, and how its dates
 * and numbers are written), from its cells as the preview's reading streams
 * past: the mapping step offers it, the plan reads each cell by it.
 */
export class ColumnTypes {
  private readonly columns: ColumnTypeEvidence[] = [];

  /** A RowSink for the file's data rows. */
  readonly add: RowSink = (cells) => {
    for (let column = 0; column < cells.length; column++) {
      const evidence = (this.columns[column] ??= new ColumnTypeEvidence());
      evidence.add(cells[column]!);
    }
  };

  /** One reading per header (a column with no cells is text). */
  readings(headers: readonly string[]): ColumnReading[] {
    return headers.map((header, column) => this.columns[column]?.reading(header) ?? { type: 'text' });
  }
}

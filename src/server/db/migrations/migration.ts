/** One step of the server's schema: applied once, in order, in its own transaction (db/migrate.ts). */
export interface Migration {
  /** 1, 2, 3...: the order, and the number kept in `schema_migrations`. */
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

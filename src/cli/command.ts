import type { Core } from '../core/core';
import type { Connection } from './common-options';
import type { Output } from './output';

/** What every command gets from the entry point. */
export interface CommandContext {
  env: NodeJS.ProcessEnv;
  /** The terminal's locale (from LANG/LC_ALL), for the few sentences said in the user's language. */
  locale: string;
  output: Output;
  /** Prints the usage and returns exit code 0. */
  help(): number;
  /** Opens the core for the connection, runs `work`, and always closes it. */
  withCore(connection: Connection, work: (core: Core) => Promise<number>): Promise<number>;
}

export type Command = (args: string[], ctx: CommandContext) => Promise<number>;

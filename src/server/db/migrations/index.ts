/** The server's migrations, in order: one file each, each with its own test (test/server/db/migrations/). */
import { migration0001 } from './0001-workspaces-and-events';
import { migration0002 } from './0002-devices-and-pairing';
import { migration0003 } from './0003-device-events';
import type { Migration } from './migration';

export type { Migration } from './migration';

export const MIGRATIONS: readonly Migration[] = [migration0001, migration0002, migration0003];

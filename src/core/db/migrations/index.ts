import type { Migration } from './types';
import { settings } from './0001-settings';
import { serviceCache } from './0002-service-cache';

/** Every migration, oldest first. Append only. */
export const allMigrations: readonly Migration[] = [settings, serviceCache];

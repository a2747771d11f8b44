import type { Migration } from './types';
import { settings } from './0001-settings';
import { serviceCache } from './0002-service-cache';
import { purchaseAttempts } from './0003-purchase-attempts';
import { invoices } from './0004-invoices';

/** Every migration, oldest first. Append only. */
export const allMigrations: readonly Migration[] = [settings, serviceCache, purchaseAttempts, invoices];

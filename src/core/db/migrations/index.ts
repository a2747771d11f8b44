import type { Migration } from './types';
import { settings } from './0001-settings';
import { serviceCache } from './0002-service-cache';
import { purchaseAttempts } from './0003-purchase-attempts';
import { invoices } from './0004-invoices';
import { contacts } from './0005-contacts';
import { lists } from './0006-lists';
import { optOuts } from './0007-opt-outs';
import { contactsSearch } from './0008-contacts-search';
import { syncChanges } from './0009-sync-changes';
import { contactSync } from './0010-contact-sync';
import { campaigns } from './0011-campaigns';
import { outbox } from './0012-outbox';
import { sendHistory } from './0013-send-history';
import { syncPullSeen } from './0014-sync-pull-seen';
import { searchBacklog } from './0015-search-backlog';
import { campaignTestSends } from './0016-campaign-test-sends';
import { importUndo } from './0017-import-undo';
import { shortLinks } from './0018-short-links';
import { historyNumberCost } from './0019-history-number-cost';
import { testSendCost } from './0020-test-send-cost';
import { contactLandlines } from './0021-contact-landlines';
import { templates } from './0022-templates';
import { automations } from './0023-automations';
import { contactBirthdays } from './0024-contact-birthdays';
import { outboxSchedules } from './0025-outbox-schedules';
import { contactValues } from './0026-contact-values';
import { segments } from './0027-segments';
import { sendingRules } from './0028-sending-rules';
import { messageSchedules } from './0029-message-schedules';
import { contactConsent } from './0030-contact-consent';
import { lastMoment } from './0031-last-moment';
import { blockListUndo } from './0032-block-list-undo';
import { serverConnection } from './0033-server-connection';
import { inbox } from './0034-inbox';
import { howToStop } from './0035-how-to-stop';
import { privacyRights } from './0036-privacy-rights';
import { personErasure } from './0037-person-erasure';
import { optOutConfirmations } from './0038-opt-out-confirmations';
import { namedBlockLists } from './0039-named-block-lists';

/** Every migration, oldest first. Append only. */

export const allMigrations: readonly Migration[] = [
  settings,
  serviceCache,
  purchaseAttempts,
  invoices,
  contacts,
  lists,
  optOuts,
  contactsSearch,
  syncChanges,
  contactSync,
  campaigns,
  outbox,
  sendHistory,
  syncPullSeen,
  searchBacklog,
  campaignTestSends,
  importUndo,
  shortLinks,
  historyNumberCost,
  testSendCost,
  contactLandlines,
  templates,
  automations,
  contactBirthdays,
  outboxSchedules,
  contactValues,
  segments,
  sendingRules,
  messageSchedules,
  contactConsent,
  lastMoment,
  blockListUndo,
  serverConnection,
  inbox,
  howToStop,
  privacyRights,
  personErasure,
  optOutConfirmations,
  namedBlockLists,
];

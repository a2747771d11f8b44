/**
 * Every table of torpedo.db and who owns it: the one folder of src/core
 * whose code writes it (a domain, or `db` for the shared repos every
 * domain uses: settings, the service cache). Another domain reads a table
 * through the owner's read functions (its module's surface); where it reads
 * it in its own SQL instead (a join the owner could not serve without
 * loading everything), that read is listed here under `readers`, with what
 * it is for: a named read model, not a habit.
 *
 * test/core/db/table-owners.test.ts holds this true: it scans the SQL of
 * every file of src/core and fails on a write by anyone but the owner, on
 * a read by a domain not listed, on a listed reader that no longer reads,
 * and on a table the migrations create that is missing here.
 */

/** A folder of src/core that owns or reads tables: a domain, or `db` (the shared repos). */
export type CoreFolder =
  | 'db'
  | 'billing'
  | 'contacts'
  | 'sync'
  | 'campaigns'
  | 'history'
  | 'links'
  | 'overview'
  | 'data'
  | 'diagnostics'
  | 'import'
  | 'segments'
  | 'templates'
  | 'automations'
  | 'rules'
  | 'server'
  | 'inbox'
  | 'best-hour'
  | 'privacy-requests'
  | 'privacy';

export interface CoreFoldership {
  owner: CoreFolder;
  /** Domains that read the table in their own SQL, and what for. */
  readers: Partial<Record<CoreFolder, string>>;
}

export const TABLES = {
  settings: { owner: 'db', readers: {} },
  service_cache: { owner: 'db', readers: {} },

  purchase_attempts: { owner: 'billing', readers: {} },
  invoices: { owner: 'billing', readers: {} },

  contacts: {
    owner: 'contacts',
    readers: {
      'best-hour': 'a clicking or replying customer’s own zone (best-hour/activity-reader.ts)',
      privacy: 'one person’s data: their page and export, and the numbers a restore brought back (privacy/)',
      segments:
        'who a segment takes: names, e-mails, numbers and dates added, from their indexes (segments/sql/)',
      campaigns: 'the audience: recipients counted, previewed and frozen in SQL (messages/audience-sql.ts)',
      history: 'the names beside a sent campaign’s numbers (report, export)',
      overview: 'how many contacts there are',
      data: 'the export of my data',
      sync: 'the contacts to push, and the pulled ones matched by number',
      import: 'whether the table is small, before choosing how to index a commit (job/commit-plan.ts)',
      automations: 'who an occurrence is for: the audience, and a day’s birthdays through their index',
      inbox: 'the name (and own clock) beside a conversation’s number, and the search by name',
    },
  },
  lists: {
    owner: 'contacts',
    readers: {
      privacy: 'one person’s data, their page and export (privacy/person/person-reader.ts)',
      data: 'the export of my data',
      sync: 'the lists to sync',
      automations: 'an automation’s list: that it exists, and its name',
    },
  },
  contact_lists: {
    owner: 'contacts',
    readers: {
      privacy: 'one person’s data, their page and export (privacy/person/person-reader.ts)',
      segments: 'a segment’s list condition',
      campaigns: 'the audience: members of the chosen lists',
      data: 'the export of my data (each contact’s lists)',
      sync: 'the members of a synced list',
      automations: 'the members of an automation’s list',
    },
  },
  opt_outs: {
    owner: 'contacts',
    readers: {
      privacy: 'one person’s data: their page and export, and the numbers a restore brought back (privacy/)',
      segments: 'a segment’s opted-out condition, and its count of who would not receive',
      overview: 'how many numbers opted out',
      data: 'the export of my data',
      sync: 'an opted-out number is never pushed, and leaves the synced lists',
      // The campaigns' and automations' audiences leave opted-out numbers out through this SQL (optedOutSql).
      rules: 'who may receive a message: an opted-out number never does (recipient-policy.ts)',
      inbox: 'whether a conversation’s number opted out, and the opt-out’s evidence',
    },
  },
  contacts_fts: { owner: 'contacts', readers: {} },
  contact_fields: {
    owner: 'contacts',
    readers: { segments: 'a condition’s column, by key (its id, looked up by the query)' },
  },
  contact_values: {
    owner: 'contacts',
    readers: { segments: 'a condition on a contact’s own column, from its typed values’ indexes' },
  },
  search_backlog: { owner: 'contacts', readers: {} },
  import_journal: { owner: 'contacts', readers: {} },
  import_journal_contacts: { owner: 'contacts', readers: {} },
  import_journal_members: { owner: 'contacts', readers: {} },
  // The contacts' change log: written with each change; the sync folds it (and trims it through SyncLog).
  sync_changes: { owner: 'contacts', readers: { sync: 'the local changes to send, folded into its queue' } },

  sync_lists: {
    owner: 'sync',
    readers: { contacts: 'whether any list syncs, before logging new contacts for it (sync-log.ts)' },
  },
  sync_queue: {
    owner: 'sync',
    readers: {
      privacy: 'the numbers a restored backup holds again, to erase (privacy/erase/reapply-erasures.ts)',
    },
  },
  sync_contacts: { owner: 'sync', readers: {} },
  sync_pull_seen: { owner: 'sync', readers: {} },

  campaigns: {
    owner: 'campaigns',
    readers: {
      'best-hour': 'the delivered campaigns the best hour is counted from',
      privacy: 'one person’s data: their page and export, and the numbers a restore brought back (privacy/)',
      inbox: 'the campaign a reply answers (its name, its automation), and a conversation’s messages',
      segments: 'a condition’s campaign, and the messages the profile’s campaigns sent (last sent)',
      history: 'a sent campaign’s name and totals in its report',
      links: 'the campaign a short link was made for',
      overview: 'the last campaigns and their figures',
      data: 'the export of my data',
    },
  },
  campaign_batches: {
    owner: 'campaigns',
    readers: {
      privacy: 'one person’s data, their page and export (privacy/person/person-reader.ts)',
      inbox: 'when a campaign’s message to a number was accepted (what a reply answers)',
      segments: 'which messages the service accepted (sent in a campaign, last sent)',
      history: 'the service’s send ids of a campaign’s batches',
      overview: 'what the last campaigns sent',
      data: 'the export of my data (send ids)',
      diagnostics: 'the outbox’s counts by state',
    },
  },
  campaign_messages: {
    owner: 'campaigns',
    readers: {
      privacy: 'one person’s data: their page and export, and the numbers a restore brought back (privacy/)',
      inbox: 'the messages sent to a conversation’s number, with their text as sent',
      history: 'each number’s message in a campaign’s report',
      segments: 'who a campaign’s messages went to (sent in a campaign, last sent)',
    },
  },
  // Messages taken out of a batch as it left (opted out, blocked, capped meanwhile): the report's counts.
  campaign_removals: {
    owner: 'campaigns',
    readers: {
      privacy: 'the numbers a restored backup holds again, to erase (privacy/erase/reapply-erasures.ts)',
    },
  },
  campaign_test_sends: {
    owner: 'campaigns',
    readers: {
      privacy: 'one person’s data: their page and export, and the numbers a restore brought back (privacy/)',
      history: 'a test send is marked as one in the history',
      overview: 'whether a test was ever sent (first steps)',
    },
  },

  history_sends: {
    owner: 'history',
    readers: {
      privacy: 'one person’s data: their page and export, and the numbers a restore brought back (privacy/)',
      segments: 'a campaign’s sends as the service reported them (delivered in a campaign)',
      overview: 'the period’s sends and their outcomes',
      data: 'the export of my data',
      campaigns: 'the service’s delivery counts of a campaign’s accepted batches (its progress)',
    },
  },
  history_numbers: {
    owner: 'history',
    readers: {
      privacy: 'one person’s data: their page and export, and the numbers a restore brought back (privacy/)',
      data: 'the export of my data',
      segments: 'each number’s outcome (delivered in a campaign)',
    },
  },
  history_progress: { owner: 'history', readers: {} },

  automations: { owner: 'automations', readers: { inbox: 'the automation a reply answers (its name)' } },
  automation_occurrences: { owner: 'automations', readers: {} },
  automation_recipients: {
    owner: 'automations',
    readers: {
      privacy: 'the numbers a restored backup holds again, to erase (privacy/erase/reapply-erasures.ts)',
    },
  },

  short_links: {
    owner: 'links',
    readers: { privacy: 'one person’s data, their page and export (privacy/person/person-reader.ts)' },
  },
  short_link_clicks: {
    owner: 'links',
    readers: {
      'best-hour': 'when customers click, on their own clocks',
      privacy: 'one person’s data: their page and export, and the numbers a restore brought back (privacy/)',
      overview: 'clicks of the last campaigns',
      segments: 'who clicked (clicked in a campaign)',
    },
  },
  campaign_links: {
    owner: 'links',
    readers: {
      'best-hour': 'which links each delivered campaign tracked',
      overview: 'which links each campaign tracked',
      segments: 'a campaign’s links (clicked in a campaign)',
    },
  },

  segments: { owner: 'segments', readers: {} },
  templates: { owner: 'templates', readers: {} },

  // The audience's conditions on these are the rules' own SQL (rules-module.ts: blockedSql, cappedSql).
  sending_rules: { owner: 'rules', readers: {} },
  block_lists: {
    owner: 'rules',
    readers: { privacy: 'one person’s data, their page and export (privacy/person/person-reader.ts)' },
  },
  blocked_numbers: {
    owner: 'rules',
    readers: { privacy: 'one person’s data, their page and export (privacy/person/person-reader.ts)' },
  },
  block_list_undo: { owner: 'rules', readers: {} },
  block_list_undo_numbers: { owner: 'rules', readers: {} },
  send_log: {
    owner: 'rules',
    readers: {
      privacy: 'the numbers a restored backup holds again, to erase (privacy/erase/reapply-erasures.ts)',
    },
  },

  server_connections: { owner: 'server', readers: {} },
  inbox_replies: {
    owner: 'inbox',
    readers: {
      'best-hour': 'when customers answer a campaign, on their own clocks',
      privacy: 'one person’s data: their page and export, and the numbers a restore brought back (privacy/)',
    },
  },
  inbox_sends: {
    owner: 'inbox',
    readers: {
      privacy: 'one person’s data: their page and export, and the numbers a restore brought back (privacy/)',
    },
  },
  // The evidence behind a contact's consent label, by number; withdrawn (kept) by an opt-out.
  consent_records: { owner: 'contacts', readers: {} },
  privacy_requests: { owner: 'privacy-requests', readers: {} },
  // An erased person's number as a keyed hash: every audience leaves it out (rules' suppressedSql), the
  // import and the sync never bring it back (contacts' upsert).
  privacy_suppressions: {
    owner: 'privacy',
    readers: {
      rules: 'who may receive a message: an erased person never does (recipient-policy.ts)',
      import: 'an erased person’s row is refused by the plan (job/erased-numbers.ts)',
    },
  },
  privacy_erasures: { owner: 'privacy', readers: {} },
  // A confirmation SMS owed for an opt-out by reply, kept until sent exactly once.
  opt_out_confirmations: { owner: 'inbox', readers: {} },
} as const satisfies Record<string, CoreFoldership>;

export type TableName = keyof typeof TABLES;

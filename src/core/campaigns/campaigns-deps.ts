/**
 * What the campaigns domain is made of and given, in a file of its own so
 * its parts (composer, delivery, hand-over) import it without climbing back
 * up to campaigns-module.ts, which assembles them.
 */
import type { ModuleDeps } from '../kernel/core-module';
import type { Database } from '../db/open-database';
import type { RulesModule } from '../rules/rules-module';
import { createCampaignRepo, type CampaignRepo } from './campaign-repo';
import { createProgressReader, type ProgressReader } from './outbox/progress-read';

/** The shared parts the campaigns domain uses (not the contacts repo: the audience is read in SQL). */
export type CampaignsDeps = Pick<
  ModuleDeps,
  | 'db'
  | 'dataDir'
  | 'dbFile'
  | 'settings'
  | 'cache'
  | 'session'
  | 'account'
  | 'connectivity'
  | 'events'
  | 'host'
  | 'log'
  | 'now'
  | 'language'
  | 'profile'
  | 'localOnly'
>;

/** What campaigns use of the rules domain. */
export type CampaignRules = Pick<
  RulesModule,
  'rules' | 'frame' | 'sendLog' | 'excludedBy' | 'excluded' | 'blockListRefs'
>;

/**
 * The campaigns' spine: the one repo and the one progress reader, made once
 * by the module and handed to the composer, the delivery and the hand-over,
 * so a campaign is read one way and its progress's schedule cache is one.
 */
export interface CampaignSpine {
  repo: CampaignRepo;
  progress: ProgressReader;
}

export function createCampaignSpine(db: Database, now: () => Date): CampaignSpine {
  const progress = createProgressReader(db, now);
  return { progress, repo: createCampaignRepo(db, progress) };
}

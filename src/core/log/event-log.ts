import type { EventPayloads } from '../../shared/ipc-contract';
import type { EventHub } from '../kernel/event-hub';
import type { Log } from './log';

/**
 * The moments support asks about, logged from the events the core already
 * sends the window, so no domain carries the log for them: sign-in and
 * sign-out, a campaign changing state (sending, held and why, finished), a
 * purchase changing state, an import's phases. Ids, states and counts only:
 * the events also carry names and numbers, which are left out here.
 */
export function logCoreEvents(events: EventHub, log: Log): () => void {
  const campaignStatus = new Map<string, string>();
  const purchaseState = new Map<string, string>();
  const importPhase = new Map<string, string>();
  // The listener is generic over every event; each branch reads its own payload's type.
  return events.on((event, payload) => {
    if (event === 'session:changed') {
      const p = payload as EventPayloads['session:changed'];
      log.info('session.changed', { signedIn: p.signedIn, mode: p.mode });
    } else if (event === 'campaigns:progress') {
      const p = payload as EventPayloads['campaigns:progress'];
      if (campaignStatus.get(p.campaignId) === p.status) return;
      campaignStatus.set(p.campaignId, p.status);
      const fields = {
        campaignId: p.campaignId,
        status: p.status,
        accepted: p.messages.accepted,
        total: p.messages.total,
        ...(p.hold ? { hold: p.hold.code } : {}),
      };
      if (p.status === 'held') log.warn('campaign.status', fields);
      else log.info('campaign.status', fields);
    } else if (event === 'credits:attemptChanged') {
      const p = payload as EventPayloads['credits:attemptChanged'];
      if (purchaseState.get(p.id) === p.state) return;
      purchaseState.set(p.id, p.state);
      log.info('purchase.state', {
        attemptId: p.id,
        state: p.state,
        ...(p.error?.code ? { code: p.error.code } : {}),
      });
    } else if (event === 'import:progress') {
      const p = payload as EventPayloads['import:progress'];
      if (importPhase.get(p.importId) === p.phase) return;
      importPhase.set(p.importId, p.phase);
      log.info('import.phase', { importId: p.importId, phase: p.phase, total: p.total });
    }
  });
}

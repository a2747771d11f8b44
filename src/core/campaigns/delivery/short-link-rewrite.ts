/**
 * Before a tracked campaign's first batch leaves: its short links are made
 * (by the links domain, core/links/campaign-links.ts, which says why Torpedo
 * makes them itself) and its frozen messages are rewritten with them, in one
 * transaction with `links_ready_at`, so a campaign is either wholly
 * rewritten or not at all, and never rewritten twice.
 *
 * The messages were counted at the freeze with short addresses of the
 * length then known. When the real ones turn out longer or shorter (the
 * account had no short link to measure yet, say), every message's parts are
 * counted again here, and the batches' and campaign's cost with them:
 * before anything is sent, so the balance check before the first batch and
 * the charge agree with what goes out.
 */
import { withShortLinks } from '../../../shared/message-links';
import { countParts } from '../../../shared/sms-segments';
import type { Database } from '../../db/open-database';
import { costReais, toMicro } from '../campaign-money';

export function createShortLinkRewrite(db: Database) {
  const campaign = db.prepare<[string], { unit_price: number | null; links_ready_at: string | null }>(
    'SELECT unit_price, links_ready_at FROM campaigns WHERE id = ?',
  );
  // Only batches still to send: a batch at the service (or on its way) keeps what it was sent with.
  const batches = db
    .prepare<[string], number>(
      "SELECT batch FROM campaign_batches WHERE campaign_id = ? AND state IN ('queued', 'held') ORDER BY batch",
    )
    .pluck();
  const messages = db.prepare<[string, number], { position: number; message: string; segments: number }>(
    'SELECT position, message, segments FROM campaign_messages WHERE campaign_id = ? AND batch = ?',
  );
  const setMessage = db.prepare<[string, number, string, number, number]>(
    'UPDATE campaign_messages SET message = ?, segments = ? WHERE campaign_id = ? AND batch = ? AND position = ?',
  );
  const setBatch = db.prepare<[number, number, string, number]>(
    'UPDATE campaign_batches SET segments = ?, cost = ? WHERE campaign_id = ? AND batch = ?',
  );
  const totals = db.prepare<[string], { segments: number }>(
    'SELECT coalesce(sum(segments), 0) AS segments FROM campaign_batches WHERE campaign_id = ?',
  );
  const setCampaign = db.prepare<[number, number | null, string, string]>(
    'UPDATE campaigns SET segments = ?, cost = ?, links_ready_at = ? WHERE id = ?',
  );
  const ready = db.prepare<[string, string]>('UPDATE campaigns SET links_ready_at = ? WHERE id = ?');

  return (campaignId: string, links: readonly { written: string; short: string }[], at: string): void => {
    db.transaction(() => {
      const row = campaign.get(campaignId);
      if (!row || row.links_ready_at !== null) return;
      if (links.length === 0) {
        ready.run(at, campaignId);
        return;
      }
      const unitMicro = row.unit_price === null ? null : toMicro(row.unit_price);
      let lastText = '';
      let lastSegments = 0;
      for (const batch of batches.all(campaignId)) {
        let segments = 0;
        for (const m of messages.all(campaignId, batch)) {
          const text = withShortLinks(m.message, links);
          // The same text for everyone (no merge fields) is counted once, not 100,000 times.
          if (text !== lastText) [lastText, lastSegments] = [text, countParts(text).segments];
          segments += lastSegments;
          if (text !== m.message || lastSegments !== m.segments) {
            setMessage.run(text, lastSegments, campaignId, batch, m.position);
          }
        }
        setBatch.run(segments, unitMicro === null ? 0 : costReais(segments, unitMicro), campaignId, batch);
      }
      const { segments } = totals.get(campaignId)!;
      setCampaign.run(segments, unitMicro === null ? null : costReais(segments, unitMicro), at, campaignId);
    })();
  };
}

/**
 * A frozen campaign written straight into the outbox tables, the way the
 * composer's freeze (`campaigns:send`) leaves it: the campaign `queued` with
 * its totals, its batches of at most 5000, every message rendered. For the
 * delivery's tests that do not need the composer itself.
 */
import { randomUUID } from 'node:crypto';
import type { CampaignOptions } from '@shared/dto/campaigns';
import { countSegments } from '@shared/sms-segments';
import type { Database } from '@core/db/open-database';
import { DEFAULT_OPTIONS } from '@core/campaigns/messages/message-options';

export interface FrozenMessage {
  phone: string;
  message: string;
}

export interface FreezeInput {
  messages: FrozenMessage[];
  profile?: string;
  name?: string;
  /** R$ per segment (the sandbox's type 1: 0.09). */
  unitPrice?: number;
  batchSize?: number;
  options?: Partial<CampaignOptions>;
  allowPartial?: boolean;
  now?: Date;
}

export interface Frozen {
  id: string;
  ref: string;
  batches: number;
  messages: FrozenMessage[];
  /** `<ref>-<batch>-<position>` of every message, in order. */
  references: string[];
  cost: number;
}

/** `count` numbers of the sandbox's ordinary kind, each with its own text. */
export function numbered(
  count: number,
  text = (i: number) => `Oferta da semana para o cliente ${i}`,
): FrozenMessage[] {
  return Array.from({ length: count }, (_, i) => ({
    phone: `+55119${String(10_000_000 + i).padStart(8, '0')}`,
    message: text(i),
  }));
}

let refs = 0;

export function freezeCampaign(db: Database, input: FreezeInput): Frozen {
  const id = randomUUID();
  const ref = `t${(++refs).toString(36)}${randomUUID().slice(0, 4)}`;
  const now = (input.now ?? new Date()).toISOString();
  const unitPrice = input.unitPrice ?? 0.09;
  const batchSize = input.batchSize ?? 5000;
  const segments = input.messages.map((m) => countSegments(m.message).segments);
  const totalSegments = segments.reduce((a, b) => a + b, 0);
  const cost = Math.round(totalSegments * unitPrice * 100) / 100;
  const references: string[] = [];
  const batches = Math.ceil(input.messages.length / batchSize);

  db.transaction(() => {
    db.prepare(
      `INSERT INTO campaigns (id, profile, ref, name, status, template, audience, options, allow_partial,
                              recipients, messages, segments, unit_price, cost, created_at, updated_at, queued_at)
       VALUES (?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      input.profile ?? 'default',
      ref,
      input.name ?? 'Campanha de teste',
      'Oferta da semana para {{nome}}',
      JSON.stringify({ listIds: [], contactIds: [] }),
      JSON.stringify({ ...DEFAULT_OPTIONS, ...input.options }),
      input.allowPartial ? 1 : 0,
      input.messages.length,
      input.messages.length,
      totalSegments,
      unitPrice,
      cost,
      now,
      now,
      now,
    );
    const batch = db.prepare(
      'INSERT INTO campaign_batches (campaign_id, batch, messages, segments, cost) VALUES (?, ?, ?, ?, ?)',
    );
    const message = db.prepare(
      `INSERT INTO campaign_messages (campaign_id, batch, position, phone, message, segments)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (let b = 0; b < batches; b++) {
      const from = b * batchSize;
      const slice = input.messages.slice(from, from + batchSize);
      const batchSegments = segments.slice(from, from + batchSize).reduce((x, y) => x + y, 0);
      batch.run(id, b, slice.length, batchSegments, Math.round(batchSegments * unitPrice * 1e6) / 1e6);
      slice.forEach((m, position) => {
        message.run(id, b, position, m.phone, m.message, segments[from + position]!);
        references.push(`${ref}-${b}-${position}`);
      });
    }
  })();
  return { id, ref, batches, messages: input.messages, references, cost };
}

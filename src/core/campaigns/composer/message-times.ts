/**
 * When each of a campaign's messages goes out, as the sending rules decide
 * it (shared/rules/schedule.ts) for its recipient's clock, and what they did:
 * how many messages they moved and why, the first and the last instant.
 * One decision per time zone: every recipient on a clock gets the same
 * instant (scheduleMemo), so timing a million messages is a map lookup each.
 */
import type { RuleCounts } from '../../../shared/dto/rules';
import { zoneOfPhone } from '../../../shared/rules/ddd-zones';
import { scheduleMemo, wantedOf } from '../../../shared/rules/schedule';
import type { SendingRules } from '../../../shared/rules/sending-rules';

export interface MessageTime {
  /** What the outbox keeps: null goes as soon as the rules allow when its batch leaves. */
  schedule: number | null;
  /** When it is expected to go out (ms), for the send log. */
  at: number;
}

export class MessageTimes {
  readonly moved: RuleCounts['moved'] = { window: 0, holiday: 0, sunday: 0 };
  private firstAt: number | null = null;
  private lastAt: number | null = null;
  /** The clocks of the first and last recipients, so the owner reads those times as they will. */
  private firstClock: string | null = null;
  private lastClock: string | null = null;
  private readonly decide;
  private readonly atOnce: boolean;

  constructor(scheduleAt: string | null, rules: SendingRules, now: Date) {
    const wanted = wantedOf(scheduleAt);
    this.decide = scheduleMemo(wanted, rules, now);
    this.atOnce = wanted.kind === 'now';
  }

  add(phone: string, zone: string | null): MessageTime {
    const decision = this.decide({ phone, zone });
    if (decision.moved) this.moved[decision.moved]++;
    const at = decision.at.getTime();
    if (this.firstAt === null || at < this.firstAt) {
      this.firstAt = at;
      this.firstClock = zoneOfPhone(phone, zone);
    }
    if (this.lastAt === null || at > this.lastAt) {
      this.lastAt = at;
      this.lastClock = zoneOfPhone(phone, zone);
    }
    // "Now" and allowed now: left to the batch, which goes now or is timed again if it waits.
    return { schedule: this.atOnce && decision.moved === null ? null : at, at };
  }

  /** Whether every message goes at once: sent now, and the rules moved none. */
  get allAtOnce(): boolean {
    return this.atOnce && this.moved.window + this.moved.holiday + this.moved.sunday === 0;
  }

  /** The first and last instants (null when all go at once, or there were none). */
  get first(): number | null {
    return this.allAtOnce ? null : this.firstAt;
  }

  get last(): number | null {
    return this.allAtOnce ? null : this.lastAt;
  }

  /** The clock (IANA zone) the first and the last recipient live on; null with `first`/`last`. */
  get firstZone(): string | null {
    return this.allAtOnce ? null : this.firstClock;
  }

  get lastZone(): string | null {
    return this.allAtOnce ? null : this.lastClock;
  }
}

import type { PurchaseAttemptView } from '../../../shared/dto';
import type { EventHub } from '../../kernel/event-hub';
import type { AttemptRepo, AttemptRow } from './attempt-repo';
import { attemptView } from './attempt-view';
import type { PurchaseTimings } from './purchase-service';

/**
 * The attempts table as the purchase code writes it: every change is also
 * announced (`credits:attemptChanged`) so the UI follows "checking" live, and
 * nothing is written once the core is closing (the database is about to go).
 */
export class AttemptLog {
  private closed = false;

  constructor(
    readonly repo: AttemptRepo,
    private readonly events: EventHub,
    private readonly now: () => Date,
    private readonly timings: PurchaseTimings,
  ) {}

  get isClosed(): boolean {
    return this.closed;
  }

  update(...args: Parameters<AttemptRepo['update']>): AttemptRow | undefined {
    if (this.closed) return undefined;
    const row = this.repo.update(...args);
    if (row) this.emit(row);
    return row;
  }

  /** The row as stored now, else `fallback`. */
  reread(fallback: AttemptRow): AttemptRow {
    return this.repo.get(fallback.id) ?? fallback;
  }

  view(row: AttemptRow): PurchaseAttemptView {
    return attemptView(row, this.now(), this.timings.processing.giveUpAfterMs, this.timings.reconcile);
  }

  emit(row: AttemptRow): void {
    if (!this.closed) this.events.emit('credits:attemptChanged', this.view(row));
  }

  close(): void {
    this.closed = true;
  }
}

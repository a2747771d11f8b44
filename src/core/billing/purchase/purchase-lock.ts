import { APP_ERROR_CODES } from '../../../shared/app-error';
import { AppFailure } from '../../app-failure';

export const purchaseInProgress = (checking = false) =>
  new AppFailure(
    APP_ERROR_CODES.purchaseInProgress,
    checking
      ? 'Torpedo is still checking whether the last purchase was charged. A new purchase is allowed once that is known.'
      : 'A purchase is already in progress. Wait for its result before buying again.',
  );

/**
 * One purchase at a time in this process, taken synchronously so that two
 * calls arriving together (a double click that got past a disabled button, a
 * script) cannot both pass. Across processes the database's partial unique
 * index on in-flight attempts (migration 0003) does the same job.
 */
export class PurchaseLock {
  private held = false;

  /** The release function, or a `purchase_in_progress` failure when already held. */
  acquire(): () => void {
    if (this.held) throw purchaseInProgress();
    this.held = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held = false;
    };
  }
}

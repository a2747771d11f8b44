/** Help text, and the error for a command line that cannot be run (exit code 2). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const USAGE = `Usage: torpedo <command> [options]

Commands:
  credits buy (--quantity N | --plan ID) [--card ID] [--coupon CODE]
                        Buy credits. Never retried: after a lost answer Torpedo checks the
                        invoices and reports what happened to the money.
  credits invoices [--page N] [--per-page N]
                        The invoice history (newest first).
  balance               The account balance.

Options for every command:
  --data-dir DIR        Torpedo's data folder (default: the desktop app's own).
  --base-url URL        Service address (default: $TORPEDO_BASE_URL, else the real service).
  --key KEY             Account key (default: $TORPEDO_KEY, else the account signed in
                        to the desktop app for this data folder). Prefer TORPEDO_KEY: a key on
                        the command line is visible to other users of this computer.
  --json                Print JSON instead of text.
  -h, --help            Show this help.

Exit codes: 0 done (for a purchase: succeeded, processing or charged-after-timeout),
1 failed or not charged, 2 bad arguments.
`;

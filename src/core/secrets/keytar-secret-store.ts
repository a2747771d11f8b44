import { SECRET_SERVICE_NAME, type SecretStore } from './secret-store';

/**
 * The OS keychain cannot be used (no Secret Service on Linux, locked or
 * missing keychain, native module not loadable). The message is shown to the
 * user and may be logged, so it must never contain a secret.
 */
export class KeychainUnavailableError extends Error {
  readonly code = 'keychain_unavailable';

  constructor(readonly reason: string) {
    super(
      `The system keychain is not available: ${reason}. ` +
        'Torpedo can keep the key in memory for this session only, or you can set up a keychain ' +
        '(on Linux, a Secret Service such as GNOME Keyring or KWallet) and try again.',
    );
    this.name = 'KeychainUnavailableError';
  }
}

type Keytar = Pick<typeof import('keytar'), 'getPassword' | 'setPassword' | 'deletePassword'>;

let keytarPromise: Promise<Keytar> | undefined;

/**
 * Loaded on first use rather than at import: a native module that fails to
 * load (wrong ABI, missing libsecret) must become a catchable error the UI can
 * explain, not a crash of the whole main process.
 */
function loadKeytar(): Promise<Keytar> {
  keytarPromise ??= import('keytar').then(
    // keytar is CommonJS: Node's ESM loader exposes its functions on `default`
    // (only some are detected as named exports); bundlers may flatten it.
    (mod) => (mod as Keytar & { default?: Keytar }).default ?? mod,
  );
  // Forget a failed load so a later attempt (after installing a keyring) can succeed.
  keytarPromise.catch(() => (keytarPromise = undefined));
  return keytarPromise;
}

function reasonOf(error: unknown, secret?: string): string {
  const raw = error instanceof Error ? error.message : String(error);
  const reason = raw.trim().replace(/\.+$/, '') || 'unknown error';
  // Belt and braces: keytar does not echo passwords, but this text reaches the
  // user and the logs, so scrub the secret should any backend ever do so.
  return secret ? reason.split(secret).join('[redacted]') : reason;
}

async function call<T>(run: (keytar: Keytar) => Promise<T>, secret?: string): Promise<T> {
  try {
    return await run(await loadKeytar());
  } catch (error) {
    // No `cause`: the original error is not guaranteed to be secret-free.
    throw new KeychainUnavailableError(reasonOf(error, secret));
  }
}

/** A SecretStore backed by the OS keychain through keytar. */
export function createKeytarSecretStore(service: string = SECRET_SERVICE_NAME): SecretStore {
  return {
    kind: 'keychain',
    get: (account) => call((keytar) => keytar.getPassword(service, account)),
    set: (account, secret) => call((keytar) => keytar.setPassword(service, account, secret), secret),
    delete: (account) => call((keytar) => keytar.deletePassword(service, account)),
  };
}

import type { Result } from '../../shared/app-error';
import type { ChannelName, EventName, EventPayloads, InputOf, OutputOf } from '../../shared/ipc-contract';
import type { SecretStore } from '../secrets/secret-store';
import type { DemoService, Host } from './host';
import type { Log } from '../log/log';

export interface CoreOptions {
  /** The app's data folder: torpedo.db and the demo sandbox's state live here. */
  dataDir: string;
  host: Host;
  /**
   * Where account keys and tokens are kept. Default (undefined): the OS
   * keychain (keytar), probed at start. `null` means there is no keychain (as
   * when the probe fails): the user is then asked before a key is kept in
   * memory for the session.
   */
  secretStore?: SecretStore | null;
  /** The demo the host offers (the sandbox, brought by main and the CLI); without it there is no demo. */
  demo?: DemoService;
  /** Start the demo and sign into it when no account is set up (`npm start`). */
  demoWhenSignedOut?: boolean;
  /**
   * The log to write to (main hands its own, so its lines and the core's share
   * one file). Without it the core opens `logs/torpedo.log` in `dataDir` and
   * closes it with itself.
   */
  log?: Log;
  now?: () => Date;
}

export type EventListener = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

export interface Core {
  /**
   * A call from code that knows the contract (the CLI, tests): typed end to
   * end. The input is validated against the contract all the same; the
   * handler runs; never throws.
   */
  dispatch<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<Result<OutputOf<C>>>;
  /**
   * A call from across a boundary (main's IPC from the window, the e2e
   * bridge, a fuzzer): the channel name and input are whatever arrived, and
   * are checked before anything runs. Same result as `dispatch`.
   */
  dispatchUntrusted(channel: unknown, input: unknown): Promise<Result<unknown>>;
  onEvent(listener: EventListener): () => void;
  /**
   * Stops the background work (the outbox worker, the sync, the refresh
   * loops), letting a request in flight settle and be recorded; the local
   * data's channels keep answering. For a host that reports once its work is
   * over (`torpedo worker`). close() does it too.
   */
  stopBackground(): Promise<void>;
  close(): Promise<void>;
}

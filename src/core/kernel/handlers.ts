import type { ChannelName } from '../../shared/ipc-contract';
import type { OutputOf, ParsedInputOf } from '../../shared/ipc-contract';

/** One handler per contract channel; the compiler rejects a missing or extra one. */
export type Handlers = { [C in ChannelName]: (input: ParsedInputOf<C>) => Promise<OutputOf<C>> };

import type { EventName } from '../../shared/ipc-contract';
import type { EventPayloads } from '../../shared/ipc-contract';
import type { EventListener } from './core';

/** Fan-out of core events to whoever hosts the core (main's windows, the e2e page). */
export class EventHub {
  private readonly listeners = new Set<EventListener>();

  on(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload);
      } catch {
        // A broken listener (a closed window) must not stop the others.
      }
    }
  }
}

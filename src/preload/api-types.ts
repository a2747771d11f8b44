import type { TorpedoBridge } from '../shared/ipc-contract';

// The renderer's view of what src/preload/index.ts installs.
declare global {
  interface Window {
    torpedo: TorpedoBridge;
  }
}

export {};

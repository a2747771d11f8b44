import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from './bridge';

// Runs sandboxed and context-isolated: the page sees only this object, as window.torpedo.
contextBridge.exposeInMainWorld('torpedo', createBridge(ipcRenderer));

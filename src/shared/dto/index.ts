/**
 * Data shapes that cross IPC (the outputs of the contract's channels and the
 * payloads of its events), one file per domain; this file only gathers them.
 */
export type * from './session';
export type * from './app';
export type * from './account';
export type * from './billing';
export type * from './contacts';
export type * from './import';
export type * from './last-import';
export type * from './campaigns';
export type * from './automations';
export type * from './segments';
export type * from './history';
export type * from './links';
export type * from './page-of-kept';
export type * from './overview';
export type * from './sync';
export type * from './updates';
export type * from './data';
export type * from './diagnostics';
export type * from './rules';
export type * from './templates';
export type * from './server';
export type * from './inbox';
export type * from './gallery';
export type * from './best-hour';
export type * from './privacy-requests';
export type * from './processing-record';
export type * from './privacy';

/**
 * The time in front of each line the worker prints: the app's one clock
 * (Brasília time, as every screen and the reports read it), labelled, so a
 * line read on a server set to UTC or a laptop in Manaus is not an hour or
 * three off without a word.
 */
import { dateFormat } from '../shared/display-format';

export const clockStamp = (now: Date = new Date()): string =>
  `${dateFormat('en', { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(now)} BRT`;

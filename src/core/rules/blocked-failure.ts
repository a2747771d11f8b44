/**
 * The failure a send to a left-out number answers with (a test send, an
 * inbox reply): it names the list, so the owner knows why and where the
 * list came from. `params.source` is the list's kind (or 'opted_out'), and
 * `params.list` an owner's list's name, for the window's words.
 */
import { APP_ERROR_CODES } from '../../shared/app-error';
import type { BlockListRef } from '../../shared/dto/rules';
import { AppFailure } from '../app-failure';
import type { Exclusion } from './recipient-policy';

const LIST_WORDS: Record<BlockListRef['kind'], string> = {
  'procon-sp': 'the Procon-SP "Não Me Ligue" list',
  'procon-al': 'the Procon-AL list',
  'procon-carioca': 'the Procon-Carioca list',
  owner: 'a block list',
};

/** `consequence`: what may not happen, e.g. "nothing may be sent to it. Test with another number." */
export function numberBlockedFailure(exclusion: Exclusion, consequence: string): AppFailure {
  if (exclusion.rule !== 'blocked') {
    return new AppFailure(
      APP_ERROR_CODES.numberBlocked,
      `This number asked to receive no more messages: ${consequence}`,
      { params: { source: 'opted_out' } },
    );
  }
  const { kind, name } = exclusion.list;
  const list = kind === 'owner' && name ? `your block list "${name}"` : LIST_WORDS[kind];
  return new AppFailure(APP_ERROR_CODES.numberBlocked, `This number is on ${list}: ${consequence}`, {
    params: name ? { source: kind, list: name } : { source: kind },
  });
}

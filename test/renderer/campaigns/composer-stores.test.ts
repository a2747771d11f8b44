import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { ChannelName } from '@shared/ipc-contract';
import { useComposerDraftStore } from '@renderer/stores/campaigns/composer/use-composer-draft-store';
import { useComposerFactsStore } from '@renderer/stores/campaigns/composer/use-composer-facts-store';
import { installFakeBridge } from '../support/fake-bridge';
import { freshPinia } from '../support/mount-helpers';
import { composerBridge } from './campaign-samples';

// The seam between the composer's stores: after a save the draft store tells the facts store what
// changed, and only what that change affects is read again from the core.
const READS: ChannelName[] = [
  'campaigns:estimate',
  'campaigns:preview',
  'campaigns:audience',
  'campaigns:fields',
];

async function opened() {
  const bridge = installFakeBridge();
  composerBridge(bridge);
  freshPinia();
  const draft = useComposerDraftStore();
  await draft.open('camp-1');
  const readsSince = () => {
    const before = bridge.calls.length;
    return () => READS.filter((channel) => bridge.calls.slice(before).some((c) => c.channel === channel));
  };
  return { bridge, draft, facts: useComposerFactsStore(), readsSince };
}

describe('the composer’s stores, after a save', () => {
  it('read nothing again when only the name changed', async () => {
    const { draft, readsSince } = await opened();
    const reads = readsSince();
    draft.setName('Sábado');
    await draft.save();
    await flushPromises();
    expect(reads()).toEqual([]);
  });

  it('read the estimate and the preview again when what is sent changed, and the audience only when it changed', async () => {
    const { draft, readsSince } = await opened();
    let reads = readsSince();
    draft.setOption('linkTracking', 'track');
    await draft.save();
    await flushPromises();
    expect(reads()).toEqual(['campaigns:estimate', 'campaigns:preview']);

    reads = readsSince();
    draft.setAudience({ listIds: ['l1'], contactIds: [], segmentIds: [] });
    await draft.flush();
    await flushPromises();
    expect(reads()).toEqual(READS);
  });

  it('forget the draft’s facts when the composer closes, keeping the account’s SMS types', async () => {
    const { draft, facts } = await opened();
    expect(facts.estimate).not.toBeNull();
    draft.reset();
    expect([facts.audience, facts.fields, facts.estimate, draft.campaign]).toEqual([null, null, null, null]);
    expect(facts.smsTypes).not.toBeNull();
  });
});

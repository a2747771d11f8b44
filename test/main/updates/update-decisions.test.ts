/**
 * The updater's decisions, as pure functions under Node: when to check, the
 * status after each of electron-updater's events, when a restart may happen,
 * what the banner says, the release notes shown, and which feed is used.
 */
import { describe, expect, it } from 'vitest';
import type { UpdateStatusView } from '@shared/dto/updates';
import { updateBanner } from '@shared/update-banner';
import { plainReleaseNotes, NOTES_MAX_CHARS } from '../../../src/main/updates/release-notes';
import { describeFeed, feedOverride } from '../../../src/main/updates/update-feed';
import {
  nextCheckIn,
  restartDecision,
  restartNow,
  UPDATE_TIMING,
} from '../../../src/main/updates/update-policy';
import { initialStatus, nextStatus } from '../../../src/main/updates/update-state';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
const start = () => initialStatus('0.1.0', { provider: 'github', url: 'https://github.com/o/r/releases' });
const INFO = {
  version: '0.2.0',
  releaseDate: '2026-11-20T10:00:00.000Z',
  releaseNotes: '<p>Mais rápido</p>',
};

function ready(overrides: Partial<UpdateStatusView> = {}): UpdateStatusView {
  let status = nextStatus(start(), { type: 'checking' }, NOW);
  status = nextStatus(status, { type: 'available', info: INFO }, NOW);
  status = nextStatus(status, { type: 'downloaded', info: INFO }, NOW);
  return { ...status, ...overrides };
}

describe('when the updater checks (update-policy)', () => {
  it('first shortly after start, then every few hours, sooner after a failed check', () => {
    expect(nextCheckIn(start(), NOW)).toBe(UPDATE_TIMING.firstCheckAfterMs);
    const upToDate = nextStatus(start(), { type: 'notAvailable' }, NOW);
    expect(nextCheckIn(upToDate, NOW)).toBe(UPDATE_TIMING.everyMs);
    expect(nextCheckIn(upToDate, later(UPDATE_TIMING.everyMs - 1000))).toBe(1000);
    expect(nextCheckIn(upToDate, later(UPDATE_TIMING.everyMs + 5000))).toBe(0);
    const failed = nextStatus(
      nextStatus(start(), { type: 'checking' }, NOW),
      { type: 'error', message: 'offline' },
      NOW,
    );
    expect(nextCheckIn(failed, NOW)).toBe(UPDATE_TIMING.afterErrorMs);
    expect(UPDATE_TIMING.everyMs).toBeGreaterThanOrEqual(60 * 60 * 1000);
  });

  it('not while checking or downloading, not once a version waits, never in a copy that does not update', () => {
    const checking = nextStatus(start(), { type: 'checking' }, NOW);
    expect(nextCheckIn(checking, NOW)).toBeNull();
    expect(nextCheckIn(nextStatus(checking, { type: 'available', info: INFO }, NOW), NOW)).toBeNull();
    expect(nextCheckIn(ready(), NOW)).toBeNull();
    expect(nextCheckIn({ ...start(), unsupported: 'development' }, NOW)).toBeNull();
  });
});

describe("the status after electron-updater's events (update-state)", () => {
  it('records each check: found (and downloading), up to date, failed', () => {
    const checking = nextStatus(start(), { type: 'checking' }, NOW);
    expect(checking.state).toBe('checking');
    const found = nextStatus(checking, { type: 'available', info: INFO }, NOW);
    expect(found).toMatchObject({
      state: 'downloading',
      progress: 0,
      lastCheck: { at: NOW.toISOString(), result: 'available' },
      available: { version: '0.2.0', releaseDate: INFO.releaseDate, notes: 'Mais rápido' },
    });
    expect(nextStatus(found, { type: 'progress', percent: 41.6 }, NOW).progress).toBe(42);
    expect(nextStatus(checking, { type: 'notAvailable' }, NOW)).toMatchObject({
      state: 'idle',
      available: null,
      lastCheck: { result: 'upToDate' },
    });
    expect(
      nextStatus(checking, { type: 'error', message: 'net::ERR_INTERNET_DISCONNECTED' }, NOW),
    ).toMatchObject({
      state: 'error',
      error: 'net::ERR_INTERNET_DISCONNECTED',
      lastCheck: { result: 'error' },
    });
  });

  it('a failed download keeps what the check found; a failure after the download leaves the version ready', () => {
    const downloading = nextStatus(
      nextStatus(start(), { type: 'checking' }, NOW),
      { type: 'available', info: INFO },
      NOW,
    );
    const failed = nextStatus(
      downloading,
      { type: 'error', message: 'sha512 checksum mismatch' },
      later(1000),
    );
    expect(failed).toMatchObject({
      state: 'error',
      lastCheck: { result: 'available' },
      available: { version: '0.2.0' },
    });
    const stillReady = nextStatus(ready(), { type: 'error', message: 'install failed' }, NOW);
    expect(stillReady).toMatchObject({ state: 'ready', error: 'install failed' });
    expect(nextStatus(ready(), { type: 'checking' }, NOW).state).toBe('ready');
  });
});

describe('when a restart happens (update-policy)', () => {
  it('restarts at once when nothing is being delivered', () => {
    expect(restartDecision(ready(), false)).toBe('restarting');
    expect(restartDecision(ready(), true)).toBe('restarting');
  });

  it('never while a campaign is being delivered: refuses (the window asks) or waits for the end', () => {
    expect(restartDecision(ready({ delivering: true }), false)).toBe('delivering');
    expect(restartDecision(ready({ delivering: true }), true)).toBe('waiting');
    expect(restartNow(ready({ delivering: true, restartPending: true }))).toBe(false);
    expect(restartNow(ready({ delivering: false, restartPending: true }))).toBe(true);
    expect(restartNow(ready({ delivering: false, restartPending: false }))).toBe(false);
  });

  it('has nothing to restart into before a version is downloaded', () => {
    expect(restartDecision(start(), false)).toBe('notReady');
  });
});

describe('what the banner says (shared/update-banner)', () => {
  it('nothing until a version is ready; then "restart to update", with the delivery in mind', () => {
    expect(updateBanner(null, null)).toBeNull();
    expect(updateBanner(start(), null)).toBeNull();
    expect(updateBanner(ready(), null)).toEqual({ kind: 'ready', version: '0.2.0', delivering: false });
    expect(updateBanner(ready({ delivering: true }), null)).toEqual({
      kind: 'ready',
      version: '0.2.0',
      delivering: true,
    });
  });

  it('says it will restart after the delivery once asked to, and "Later" hides it for that version', () => {
    expect(updateBanner(ready({ restartPending: true, delivering: true }), null)).toEqual({
      kind: 'waiting',
      version: '0.2.0',
    });
    expect(updateBanner(ready(), '0.2.0')).toBeNull();
    expect(updateBanner(ready(), '0.1.5')).not.toBeNull();
    expect(updateBanner(ready({ unsupported: 'development' }), null)).toBeNull();
  });
});

describe('release notes shown as text (release-notes)', () => {
  it("turns GitHub's HTML into lines, never markup", () => {
    const html =
      '<h2>Novidades</h2><ul><li>Importar &amp; exportar</li><li>Correção <b>grave</b></li></ul><script>alert(1)</script>';
    expect(plainReleaseNotes(html)).toBe('Novidades\n• Importar & exportar\n• Correção grave');
    expect(
      plainReleaseNotes([
        { version: '0.2.0', note: 'Nova tela' },
        { version: '0.1.9', note: null },
      ]),
    ).toBe('0.2.0\nNova tela\n\n0.1.9');
    expect(plainReleaseNotes(null)).toBeNull();
    expect(plainReleaseNotes('   ')).toBeNull();
    expect(plainReleaseNotes('x'.repeat(NOTES_MAX_CHARS + 50))!.length).toBe(NOTES_MAX_CHARS + 1);
  });
});

describe('the feed (update-feed)', () => {
  it('is the built-in one unless TORPEDO_UPDATE_URL names an https (or local) address', () => {
    expect(feedOverride({})).toBeNull();
    expect(feedOverride({ TORPEDO_UPDATE_URL: 'https://updates.loja.com.br/torpedo/' })).toEqual({
      provider: 'generic',
      url: 'https://updates.loja.com.br/torpedo',
    });
    expect(feedOverride({ TORPEDO_UPDATE_URL: 'http://127.0.0.1:8080/feed' })).toEqual({
      provider: 'generic',
      url: 'http://127.0.0.1:8080/feed',
    });
    expect(feedOverride({ TORPEDO_UPDATE_URL: 'http://updates.loja.com.br' })).toMatchObject({
      refused: expect.any(String),
    });
    expect(feedOverride({ TORPEDO_UPDATE_URL: 'https://u:p@x.com' })).toMatchObject({
      refused: expect.any(String),
    });
    expect(feedOverride({ TORPEDO_UPDATE_URL: 'not a url' })).toMatchObject({ refused: expect.any(String) });
  });

  it("says where a person sees the releases: GitHub's page, or the self-hosted folder", () => {
    expect(describeFeed({ provider: 'github', owner: 'loja', repo: 'torpedo' })).toEqual({
      provider: 'github',
      url: 'https://github.com/loja/torpedo/releases',
    });
    expect(describeFeed({ provider: 'generic', url: 'https://u.example/t' })).toEqual({
      provider: 'generic',
      url: 'https://u.example/t',
    });
    expect(describeFeed(null)).toBeNull();
    expect(describeFeed({ provider: 's3' })).toBeNull();
  });
});

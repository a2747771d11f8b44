import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOG_FOLDER, openLog } from '@core/log/open-log';
import { tempDir } from '../../support/temp-dir';

const readLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the log file (pino + rotating-file-stream, plain Node)', () => {
  it('writes one JSON object a line, with time, level, source and event, at or above its level', async () => {
    const dataDir = tempDir();
    const log = openLog({ dataDir, level: 'info' });
    log.debug('too.detailed');
    log.info('core.started', { version: '1.2.3' });
    log.child('main').warn('ipc.refused', { channel: 'settings:get' });
    log.error('channel.failed', { code: 'internal_error', error: new Error('boom') });
    await log.close();

    const lines = readLines(join(dataDir, LOG_FOLDER, 'torpedo.log'));
    expect(lines.map((l) => [l.level, l.src, l.event])).toEqual([
      ['info', 'core', 'core.started'],
      ['warn', 'main', 'ipc.refused'],
      ['error', 'core', 'channel.failed'],
    ]);
    expect(lines[0]).toMatchObject({ version: '1.2.3', pid: process.pid });
    expect(Date.parse(String(lines[0]!.time))).not.toBeNaN();
    expect(lines[0]).not.toHaveProperty('hostname');
    expect(lines[2]!.error).toMatchObject({ type: 'Error', message: 'boom' });
  });

  it('never writes a protected secret, a phone number or a message, whatever field or text holds it', async () => {
    const dataDir = tempDir();
    const log = openLog({ dataDir });
    let token = 'sbx_first_token_0001';
    log.protect(() => ['acct-key-1234567', token]);
    log.info('sent', {
      to: '+5511987654321',
      message: 'Oi Maria!',
      note: 'key acct-key-1234567, token sbx_first_token_0001',
    });
    token = 'renewed-token-abcdef';
    log.warn('failed', { reason: 'HTTP 401 for renewed-token-abcdef on 11 98765-4321' });
    await log.close();

    const text = readFileSync(join(dataDir, LOG_FOLDER, 'torpedo.log'), 'utf8');
    for (const raw of [
      'acct-key-1234567',
      'sbx_first_token_0001',
      'renewed-token-abcdef',
      '987654321',
      '98765-4321',
      'Oi Maria',
    ])
      expect(text).not.toContain(raw);
    expect(text).toContain('[phone …21]');
  });

  it('rotates by size and keeps only the newest files', async () => {
    const dataDir = tempDir();
    const log = openLog({ dataDir, maxBytes: 4096, keep: 2 });
    for (let i = 0; i < 400; i++) log.info('campaign.status', { i, campaignId: 'c-1', status: 'sending' });
    await log.close();
    const files = readdirSync(join(dataDir, LOG_FOLDER)).sort();
    expect(files).toEqual(['torpedo.log', 'torpedo.log.1', 'torpedo.log.2']);
    const last = readLines(join(dataDir, LOG_FOLDER, 'torpedo.log')).at(-1);
    expect(last).toMatchObject({ i: 399 });
  });

  it("remembers the last problems, this run's and the previous run's still in the file", async () => {
    const dataDir = tempDir();
    const first = openLog({ dataDir });
    first.error('database.migrationFailed', { code: 'migration_failed', reason: 'disk I/O error' });
    first.info('core.closed');
    await first.close();

    const second = openLog({ dataDir });
    second.warn('channel.failed', { code: 'network_error' });
    expect(second.recentProblems().map((p) => [p.level, p.event, p.code])).toEqual([
      ['error', 'database.migrationFailed', 'migration_failed'],
      ['warn', 'channel.failed', 'network_error'],
    ]);
    expect(second.recentProblems()[0]!.reason).toBe('disk I/O error');
    await second.close();
  });

  it('gives the CLI its own file, so two processes never rotate one', async () => {
    const dataDir = tempDir();
    const log = openLog({ dataDir, name: 'cli', src: 'cli' });
    log.info('cli.command');
    await log.close();
    expect(existsSync(join(dataDir, LOG_FOLDER, 'cli.log'))).toBe(true);
    expect(readLines(join(dataDir, LOG_FOLDER, 'cli.log'))[0]).toMatchObject({ src: 'cli' });
  });
});

/**
 * `torpedo privacy show|export|erase`: one person's rights under the LGPD
 * (art. 18) from a terminal, on this computer's data, as the Titular page
 * serves them.
 *
 *   privacy show PHONE [--json]         everything kept about the number, grouped
 *   privacy export PHONE --out FILE     the person's summary (HTML, in the app's language)
 *                                       and its JSON copy beside it (FILE with .json)
 *   privacy erase PHONE [--json]        erases the person (asks nothing) and prints what went
 *
 * PHONE is read by the app's phone reader, in any written form (+55, with or
 * without the 9, spaces, dashes).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { OWNER_ONLY_FILE } from '../../core/kernel/create-core';
import { settingLanguage } from '../../shared/app-language';
import { companionPath } from '../../shared/companion-path';
import type { AppInfo, SettingsView } from '../../shared/dto/app';
import type { PersonEraseResult, PersonView } from '../../shared/dto/privacy';
import { personHtml, personJson } from '../../shared/privacy/person-html';
import type { Command, CommandContext } from '../command';
import { dataDirOf, parseCommand } from '../common-options';
import { printJson } from '../output';
import { ok } from '../step';
import { EXIT, UsageError } from '../usage';

/** The subcommand's one PHONE, on this computer's data. */
function personArgs(args: string[], ctx: CommandContext, extra: Parameters<typeof parseCommand>[1] = {}) {
  const parsed = parseCommand(args, extra, { positionals: true });
  const { values, positionals } = parsed;
  if (values.key !== undefined || values['base-url'] !== undefined) {
    throw new UsageError('privacy works on this computer\u2019s data only: it takes no --key or --base-url.');
  }
  const [phone] = positionals;
  if (!values.help && (positionals.length !== 1 || phone === undefined || phone.trim() === '')) {
    throw new UsageError('Give the person\u2019s phone number: torpedo privacy show PHONE.');
  }
  return {
    values,
    phone: phone ?? '',
    dataDir: dataDirOf(values),
    json: values.json ?? false,
    help: values.help ?? false,
  };
}

const textOf = (p: PersonView): string[] => {
  const lines = [`Phone: ${p.phone}`];
  if (p.erased) lines.push('Erased at the person\u2019s request: only a keyed hash of the number is kept.');
  if (!p.found) lines.push('Nothing is kept about this number.');
  const c = p.contact;
  if (c) {
    lines.push(`Contact: ${c.name}${c.email ? ` <${c.email}>` : ''}`);
    if (c.lists.length > 0) lines.push(`Lists: ${c.lists.join(', ')}`);
    for (const [key, value] of Object.entries(c.fields)) lines.push(`${key}: ${value}`);
    if (c.birthday) lines.push(`Birthday: ${c.birthday}`);
    if (c.consent.basis)
      lines.push(`Consent: ${c.consent.basis}${c.consent.source ? ` (${c.consent.source})` : ''}`);
    if (c.timeZone) lines.push(`Time zone: ${c.timeZone}`);
  }
  if (p.optOut) lines.push(`Opted out: ${p.optOut.at} (${p.optOut.source})`);
  for (const b of p.blockLists) lines.push(`Block list: ${b.source} (${b.fileName})`);
  lines.push(`Messages: ${p.messages.length}`);
  for (const m of p.messages) {
    lines.push(
      `  ${m.at ?? '-'}  ${m.kind}${m.name ? ` [${m.name}]` : ''}  ${m.status}  ${JSON.stringify(m.text ?? '')}`,
    );
  }
  lines.push(`Clicks: ${p.clicks.length}`, `Replies: ${p.replies.length}`);
  for (const r of p.replies) lines.push(`  ${r.at}  ${JSON.stringify(r.text)}`);
  lines.push(`Stored in: ${p.storage.database}`);
  if (p.storage.sentToService.number) {
    lines.push(`Handed to the SMS service: the number and ${p.storage.sentToService.texts} message text(s)`);
  }
  return lines;
};

const show: Command = async (args, ctx) => {
  const a = personArgs(args, ctx);
  if (a.help) return ctx.help();
  return ctx.withLocalCore({ dataDir: a.dataDir, json: a.json }, async (core) => {
    const person = ok<PersonView>(await core.dispatch('privacy:show', { phone: a.phone }));
    if (a.json) printJson(ctx.output, person);
    else for (const line of textOf(person)) ctx.output.out(line);
    return EXIT.ok;
  });
};

const exportPerson: Command = async (args, ctx) => {
  const a = personArgs(args, ctx, { out: { type: 'string' } });
  if (a.help) return ctx.help();
  const out = a.values.out;
  if (typeof out !== 'string' || out.trim() === '')
    throw new UsageError('Give the file to write: --out FILE.html.');
  const html = resolve(out);
  const json = companionPath(html, 'json');
  return ctx.withLocalCore({ dataDir: a.dataDir, json: a.json }, async (core) => {
    const person = ok<PersonView>(await core.dispatch('privacy:show', { phone: a.phone }));
    const settings = ok<SettingsView>(await core.dispatch('settings:get', {}));
    const info = ok<AppInfo>(await core.dispatch('app:info', {}));
    const language = settingLanguage(settings.language, info.osLocale);
    const now = new Date();
    // Never over an existing file; owner-only (0600): it holds a customer's data.
    writeFileSync(html, personHtml(person, language, now), { flag: 'wx', mode: OWNER_ONLY_FILE });
    writeFileSync(json, personJson(person, now), { flag: 'wx', mode: OWNER_ONLY_FILE });
    if (a.json) printJson(ctx.output, { file: html, jsonFile: json, found: person.found });
    else ctx.output.out(`Saved ${html} and ${json}.`);
    return EXIT.ok;
  });
};

const erase: Command = async (args, ctx) => {
  const a = personArgs(args, ctx);
  if (a.help) return ctx.help();
  return ctx.withLocalCore({ dataDir: a.dataDir, json: a.json }, async (core) => {
    const result = ok<PersonEraseResult>(await core.dispatch('privacy:erase', { phone: a.phone, by: 'cli' }));
    if (a.json) printJson(ctx.output, result);
    else {
      const kinds = Object.entries(result.erased).filter(([, n]) => n > 0);
      ctx.output.out(
        result.found
          ? 'Erased. Only a keyed hash of the number is kept, so no import, sync or campaign brings the person back.'
          : 'Nothing was kept about this number; it is now kept out of every import, sync and campaign.',
      );
      for (const [kind, n] of kinds) ctx.output.out(`  ${kind}: ${n}`);
    }
    return EXIT.ok;
  });
};

/** `torpedo privacy <show|export|erase> ...` */
/** `privacy show|export|erase`; the requests' register adds `requests` and `request` (privacy-requests.ts). */
export const privacySubcommands: Record<string, Command> = { show, export: exportPerson, erase };

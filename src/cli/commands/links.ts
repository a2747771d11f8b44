/**
 * `torpedo links create|list|clicks|deactivate`: the Links page on the same
 * core and data folder, signed in as the other online commands are (--key,
 * TORPEDO_KEY, or the app's keychain entry). What the service answers is kept
 * as the app keeps it, so the app shows the same links afterwards.
 */
import type { LinkClicksView, ShortLinksPageView, ShortLinkView } from '../../shared/dto/links';
import type { Core } from '../../core/kernel/create-core';
import { withSubcommands, type Command, type CommandContext } from '../command';
import { connectionOf, parseCommand } from '../common-options';
import { printJson } from '../output';
import { ok } from '../step';
import { EXIT, UsageError } from '../usage';

const OPTIONS = { url: { type: 'string' }, title: { type: 'string' } } as const;
/** Pages read for `list` and `clicks` at most (20 each): far beyond what a shop makes, short of forever. */
const MAX_PAGES = 500;

/** What the CLI prints of a link: the service's fields, with the campaign it was made for when known. */
const linkJson = (l: ShortLinkView) => ({
  id: l.id,
  url: l.url,
  shortUrl: l.shortUrl,
  title: l.title,
  active: l.active,
  clicks: l.clicks,
  createdAt: l.createdAt,
  ...(l.campaign ? { campaign: l.campaign } : {}),
});

const linkLine = (l: ShortLinkView) =>
  `${l.shortUrl}  ${l.active ? 'active' : 'deactivated'}  ${l.clicks} click(s)  ${l.url}${l.title ? `  "${l.title}"` : ''}`;

function online(
  args: string[],
  ctx: CommandContext,
  ids: number,
  work: (
    core: Core,
    json: boolean,
    id: string | undefined,
    values: { url?: string; title?: string },
  ) => Promise<number>,
) {
  const { values, positionals } = parseCommand(args, OPTIONS, { positionals: true });
  if (values.help) return Promise.resolve(ctx.help());
  if (positionals.length !== ids) {
    throw new UsageError(
      ids === 1 ? 'Give the link: its id, as "links list" shows it.' : 'Unexpected argument.',
    );
  }
  const connection = connectionOf(values, ctx.env);
  return ctx.withCore(connection, (core) => work(core, connection.json, positionals[0], values));
}

const create: Command = (args, ctx) =>
  online(args, ctx, 0, async (core, json, _id, values) => {
    if (values.url === undefined) throw new UsageError('Give the address: --url https://...');
    const link = ok<ShortLinkView>(
      await core.dispatch('links:create', {
        url: values.url,
        ...(values.title !== undefined ? { title: values.title } : {}),
      }),
    );
    if (json) printJson(ctx.output, linkJson(link));
    else ctx.output.out(`Created ${link.shortUrl} for ${link.url} (id ${link.id}).`);
    return EXIT.ok;
  });

const list: Command = (args, ctx) =>
  online(args, ctx, 0, async (core, json) => {
    const links: ShortLinkView[] = [];
    let stale = false;
    for (let page = 1; page <= MAX_PAGES; page++) {
      const view = ok<ShortLinksPageView>(await core.dispatch('links:list', { page }));
      links.push(...view.links);
      stale ||= view.stale;
      if (page >= view.lastPage) break;
    }
    if (stale) ctx.output.err('The service could not be reached: these are the links as last read.');
    if (json) printJson(ctx.output, links.map(linkJson));
    else ctx.output.out(links.length ? links.map(linkLine).join('\n') : 'No short links yet.');
    return EXIT.ok;
  });

const clicks: Command = (args, ctx) =>
  online(args, ctx, 1, async (core, json, id) => {
    const all: LinkClicksView['clicks'] = [];
    let view: LinkClicksView | null = null;
    for (let page = 1; page <= MAX_PAGES; page++) {
      view = ok<LinkClicksView>(await core.dispatch('links:clicks', { id: id!, page }));
      all.push(...view.clicks);
      if (page >= view.lastPage) break;
    }
    if (view?.stale) ctx.output.err('The service could not be reached: these are the clicks as last read.');
    if (json) printJson(ctx.output, all);
    else {
      ctx.output.out(`${view!.link.shortUrl}: ${view!.link.clicks} click(s).`);
      for (const c of all) ctx.output.out(`${c.clickedAt}${c.phone ? `  ${c.phone}` : ''}`);
    }
    return EXIT.ok;
  });

const deactivate: Command = (args, ctx) =>
  online(args, ctx, 1, async (core, json, id) => {
    const link = ok<ShortLinkView>(await core.dispatch('links:deactivate', { id: id! }));
    if (json) printJson(ctx.output, linkJson(link));
    else ctx.output.out(`Deactivated ${link.shortUrl}: it no longer opens ${link.url}.`);
    return EXIT.ok;
  });

/** `torpedo links <create|list|clicks|deactivate> ...` */
export const linksCommand = withSubcommands('links', { create, list, clicks, deactivate });

import type { TemplatesChannel } from '../../shared/contract/templates';
import { TEMPLATE_UNDO_MS } from '../../shared/contract/templates';
import type { TemplateView } from '../../shared/dto/templates';
import { compileTemplate } from '../../shared/template';
import { syntaxProblems } from '../../shared/template-check';
import type { CampaignsModule } from '../campaigns/campaigns-module';
import { templateFieldFailure } from '../campaigns/campaigns-module';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import type { Handlers } from '../kernel/handlers';
import { duplicateName, templateNotFound, undoTooLate } from './template-errors';
import { createTemplateRepo, viewOf, type TemplateFields } from './template-repo';

export interface TemplatesModule extends CoreModule<TemplatesChannel> {
  /** A template not deleted (what an automation follows); null when there is none. */
  find(profile: string, id: string): TemplateView | null;
}

/**
 * Templates: saved messages (name, category, text, and the sender and SMS
 * type a campaign starts with). A campaign copies a template's text when
 * the window or the CLI uses it, so nothing here ever reaches a campaign.
 * The editor's check runs the text against the whole contact book through
 * the campaigns domain, the one that builds messages.
 */
export function createTemplatesModule(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'profile'>,
  campaigns: Pick<CampaignsModule, 'checkText'>,
): TemplatesModule {
  const repo = createTemplateRepo(deps.db);
  const at = () => deps.now().toISOString();

  /** Hidden templates whose undo has passed go for good (before each write: no timer needed). */
  const purgeExpired = () =>
    repo.purgeBefore(new Date(deps.now().getTime() - TEMPLATE_UNDO_MS).toISOString());

  const visible = (profile: string, id: string) => {
    const found = repo.find(profile, id);
    if (!found || found.deletedAt !== null) throw templateNotFound();
    return found;
  };

  /** The fields as they will be kept: the text must parse (an unclosed `{{nome` never could be sent). */
  function checked(profile: string, id: string | null, fields: TemplateFields): TemplateFields {
    const unclosed = syntaxProblems(compileTemplate(fields.text))[0];
    if (unclosed) throw templateFieldFailure(unclosed);
    const clash = repo.byName(profile, fields.name);
    if (clash && clash.id !== id) {
      if (clash.deletedAt === null) throw duplicateName(clash.name);
      // A deleted template waiting for its undo gives its name up: its undo ends here.
      repo.purge(profile, clash.id);
    }
    return fields;
  }

  const write = deps.db.transaction((profile: string, id: string | null, fields: TemplateFields): string => {
    purgeExpired();
    const kept = checked(profile, id, fields);
    if (id === null) {
      const created = crypto.randomUUID();
      repo.insert(profile, created, kept, at());
      return created;
    }
    if (!repo.update(profile, id, kept, at())) throw templateNotFound();
    return id;
  });

  const handlers: Pick<Handlers, TemplatesChannel> = {
    'templates:list': async () => repo.list(deps.profile()),
    'templates:get': async ({ id }) => viewOf(visible(deps.profile(), id)),
    'templates:create': async (input) => {
      const profile = deps.profile();
      const id = write(profile, null, {
        name: input.name,
        category: input.category ?? null,
        text: input.text,
        from: input.from ?? null,
        smsTypeId: input.smsTypeId ?? null,
      });
      return viewOf(visible(profile, id));
    },
    'templates:update': async ({ id, ...patch }) => {
      const profile = deps.profile();
      const current: TemplateView = visible(profile, id);
      write(profile, id, {
        name: patch.name ?? current.name,
        category: patch.category === undefined ? current.category : patch.category,
        text: patch.text ?? current.text,
        from: patch.from === undefined ? current.from : patch.from,
        smsTypeId: patch.smsTypeId === undefined ? current.smsTypeId : patch.smsTypeId,
      });
      return viewOf(visible(profile, id));
    },
    'templates:delete': async ({ id }) => {
      const profile = deps.profile();
      const now = deps.now();
      purgeExpired();
      const template = visible(profile, id);
      repo.hide(profile, id, now.toISOString());
      return {
        id,
        name: template.name,
        expiresAt: new Date(now.getTime() + TEMPLATE_UNDO_MS).toISOString(),
      };
    },
    'templates:restore': async ({ id }) => {
      const profile = deps.profile();
      const hidden = repo.find(profile, id);
      const expired =
        !hidden ||
        hidden.deletedAt === null ||
        deps.now().getTime() - Date.parse(hidden.deletedAt) > TEMPLATE_UNDO_MS;
      if (expired) throw undoTooLate();
      repo.restore(profile, id);
      return viewOf(visible(profile, id));
    },
    'templates:check': async ({ text }) => campaigns.checkText(deps.profile(), text),
  };

  return {
    handlers,
    find: (profile, id) => {
      const found = repo.find(profile, id);
      return found && found.deletedAt === null ? viewOf(found) : null;
    },
    clearProfile: (profile) => repo.clearProfile(profile),
  };
}

/**
 * `torpedo templates create|list|delete`: the Modelos page on the same data
 * folder, local only (no sign-in, no network), through the contract like
 * the window. `--json` prints each template with the merge fields its text
 * uses. ./template-option.ts finds one by name as the app does (for `delete`,
 * and for `campaign create --template NAME`).
 */
import type { TemplateView } from '../../shared/dto/templates';
import { withSubcommands, type Command } from '../command';
import { localDataDirOf, parseCommand } from '../common-options';
import { printJson } from '../output';
import { ok } from '../step';
import { EXIT, UsageError } from '../usage';
import { templateNamed } from './template-option';

const OPTIONS = {
  name: { type: 'string' },
  text: { type: 'string' },
  category: { type: 'string' },
} as const;

const parse = (args: string[]) => parseCommand(args, OPTIONS, { positionals: true });

/** One line a person reads: name, category, text, and the fields it uses. */
function line(template: TemplateView): string {
  const category = template.category ? ` [${template.category}]` : '';
  const fields = template.fields.length
    ? `  (fields: ${template.fields.map((f) => (f.fallback === null ? f.key : `${f.key}|${f.fallback}`)).join(', ')})`
    : '';
  return `${template.name}${category}: ${template.text.replace(/\s*\n\s*/g, ' ')}${fields}`;
}

const create: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length > 0) throw new UsageError('Unexpected argument.');
  const dataDir = localDataDirOf(values, 'templates');
  if (values.name === undefined) throw new UsageError('Give the template a name: --name NAME.');
  if (values.text === undefined) throw new UsageError('Give the text: --text TEXT.');
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    const template = ok<TemplateView>(
      await core.dispatch('templates:create', {
        name: values.name!,
        text: values.text!,
        ...(values.category !== undefined ? { category: values.category } : {}),
      }),
    );
    if (json) printJson(ctx.output, template);
    else ctx.output.out(`Saved the template ${line(template)}`);
    return EXIT.ok;
  });
};

const list: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length > 0) throw new UsageError('Unexpected argument.');
  const dataDir = localDataDirOf(values, 'templates');
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    const templates = ok<TemplateView[]>(await core.dispatch('templates:list', {}));
    if (json) printJson(ctx.output, templates);
    else if (templates.length === 0)
      ctx.output.err('No templates yet: torpedo templates create --name N --text T.');
    else for (const template of templates) ctx.output.out(line(template));
    return EXIT.ok;
  });
};

const remove: Command = async (args, ctx) => {
  const { values, positionals } = parse(args);
  if (values.help) return ctx.help();
  if (positionals.length !== 1) throw new UsageError('Give the template: torpedo templates delete NAME.');
  const dataDir = localDataDirOf(values, 'templates');
  const json = values.json ?? false;
  return ctx.withLocalCore({ dataDir, json }, async (core) => {
    const template = await templateNamed(core, positionals[0]!, 'NAME');
    ok(await core.dispatch('templates:delete', { id: template.id }));
    if (json) printJson(ctx.output, template);
    else ctx.output.out(`Deleted the template "${template.name}". Campaigns that used it keep their text.`);
    return EXIT.ok;
  });
};

/** `torpedo templates <create|list|delete> ...` */
export const templatesCommand = withSubcommands('templates', { create, list, delete: remove });

/**
 * The checker a text passes before anything is sent (and that the composer
 * and the template editor show as it is typed): what the send refuses
 * (template.ts's TemplateProblem, in the order the owner would fix them) and,
 * for the recipients, how many lack each field and so get its fallback
 * ("37 contatos sem nome vão receber 'cliente'").
 *
 * The caller walks its recipients once (the composer's audience, or the
 * whole contact book for a template) and hands over what it saw; the rule
 * of what is refused lives here alone, so the freeze refuses exactly what
 * the window shows as an error.
 */
import {
  builtinOf,
  unclosedFields,
  type CompiledTemplate,
  type TemplateFieldPart,
  type TemplateProblem,
} from './template';

/** What a walk over the recipients saw of each field. */
export interface FieldCoverage {
  recipients: number;
  /** `filled[slot]`: recipients with a value for `compiled.keys[slot]`. */
  filled: readonly number[];
  /**
   * Whether any contact of the whole book has a value for a custom key;
   * asked only for a key with a fallback that no recipient filled.
   */
  inBook(key: string): boolean;
}

/**
 * Recipients without a value for a field: they get `fallback` (''
 * leaves the field out, null leaves a blank). One per field as typed.
 */
export interface FieldFallback {
  /** As typed, with its braces (`{{nome|cliente}}`). */
  field: string;
  key: string;
  fallback: string | null;
  count: number;
}

export interface FieldCheck {
  problems: TemplateProblem[];
  fallbacks: FieldFallback[];
}

/** A field as the owner typed it, braces included. */
export const typedField = (part: Pick<TemplateFieldPart, 'name' | 'fallback'>): string =>
  part.fallback === null ? `{{${part.name}}}` : `{{${part.name}|${part.fallback}}}`;

/** What the send refuses whatever the recipients: `{{` that opens no field. */
export const syntaxProblems = (compiled: Pick<CompiledTemplate, 'parts'>): TemplateProblem[] =>
  unclosedFields(compiled.parts);

export function checkFields(compiled: CompiledTemplate, coverage: FieldCoverage): FieldCheck {
  const problems = syntaxProblems(compiled);
  const fallbacks: FieldFallback[] = [];
  // Nobody to send to: no field can be judged (the send refuses the empty audience itself).
  if (coverage.recipients === 0) return { problems, fallbacks };

  problems.push(...compiled.nobodyHas(coverage.filled.map((count) => count > 0)));
  const seen = new Set<string>();
  for (const part of compiled.parts) {
    if (part.kind !== 'field') continue;
    const slot = compiled.keys.indexOf(part.key);
    const lacking = coverage.recipients - (coverage.filled[slot] ?? 0);
    const field = typedField(part);
    if (lacking === 0 || seen.has(`${part.key}|${part.fallback}`)) continue;
    seen.add(`${part.key}|${part.fallback}`);
    fallbacks.push({ field, key: part.key, fallback: part.fallback, count: lacking });
    const unknown =
      part.fallback !== null &&
      lacking === coverage.recipients &&
      builtinOf(part.key) === null &&
      !problems.some((p) => p.kind === 'unknown_field' && p.key === part.key) &&
      !coverage.inBook(part.key);
    if (unknown) problems.push({ kind: 'unknown_field', field, key: part.key, fallback: part.fallback! });
  }
  return { problems, fallbacks };
}

/**
 * Turns a draft's text into each recipient's message: the template compiled
 * once, the values each field needs read straight from the recipient row
 * (custom fields come out of SQL already, see audience-sql.ts), the
 * sending rules' frame around it (the business's name in front, "Como sair"
 * at the end: shared/rules/message-frame.ts), then plain letters when the
 * campaign chose them. The preview, the estimate, the test
 * send and the freeze all build messages here, so they always agree.
 */
import {
  builtinOf,
  compileTemplate,
  firstNameOf,
  isBlank,
  type BuiltinField,
  type TemplateProblem,
} from '../../../shared/template';
import { checkFields, syntaxProblems, type FieldCheck } from '../../../shared/template-check';
import { toPlainLetters } from '../../../shared/plain-letters';
import { asItLeaves, NO_FRAME, type MessageFrame } from '../../../shared/rules/message-frame';
import { COL, fieldColumn } from './audience-sql';
import type { RecipientRecord } from '../composer/audience';

/** A recipient row from `recipientsSql(builder.extraColumns)`: id, phone, name, email, zone, then custom fields. */
export type RecipientRow = unknown[];

/** `{{telefone}}` as people write it: Brazilian numbers as `(11) 98765-4321`, others in E.164. */
export function displayPhone(e164: string): string {
  const br = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(e164);
  return br ? `(${br[1]}) ${br[2]}-${br[3]}` : e164;
}

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : String(value);

function builtinValue(field: BuiltinField, name: string, phone: string, email: string | null): string | null {
  switch (field) {
    case 'name':
      return name;
    case 'firstName':
      return firstNameOf(name);
    case 'phone':
      return displayPhone(phone);
    case 'email':
      return email;
  }
}

export interface BuiltMessage {
  text: string;
  /** Fields this recipient has no value for and no fallback. */
  missing: string[];
}

export interface MessageBuilder {
  /** SQL columns the rows must carry after `id, phone, name, email`: the custom fields the text uses. */
  readonly extraColumns: readonly string[];
  /** Whether the text uses the e-mail (rows may carry NULL in its place otherwise). */
  readonly usesEmail: boolean;
  /** Fast path for every recipient of a campaign (no JSON parsing, one values array reused). */
  fromRow(row: RecipientRow): string;
  /** One recipient (preview, test send); null: nobody, so every field shows its fallback. */
  forRecipient(recipient: RecipientRecord | null): BuiltMessage;
  /** `{{` that opens no field: refused before anything is built. */
  readonly unclosed: readonly TemplateProblem[];
  /**
   * After `fromRow` saw every recipient: the checker's verdict on them
   * (shared/template-check.ts): what the send refuses, and who gets each
   * fallback. `inBook` says whether any contact at all has a custom field.
   */
  check(inBook: (key: string) => boolean): FieldCheck;
}

/** `frame`: what the sending rules put around every message (RulesModule.frame; none by default). */
export function createMessageBuilder(
  template: string,
  plainLetters: boolean,
  frame: MessageFrame = NO_FRAME,
): MessageBuilder {
  const compiled = compileTemplate(template);
  const framed =
    frame.prefix === '' && frame.suffix === ''
      ? (message: string) => message
      : (message: string) => asItLeaves(frame, message);
  const finish = plainLetters ? (message: string) => toPlainLetters(framed(message)) : framed;

  // Where each slot's value comes from: a built-in, or an extra SQL column (-1: not readable, always empty).
  const extraColumns: string[] = [];
  const sources = compiled.keys.map((key) => {
    const builtin = builtinOf(key);
    if (builtin) return { builtin, column: -1 };
    const column = fieldColumn(key);
    if (column === null) return { builtin: null, column: -1 };
    extraColumns.push(column);
    return { builtin: null, column: COL.firstExtra + extraColumns.length - 1 };
  });
  const values: (string | null)[] = new Array<string | null>(sources.length).fill(null);
  // What the rows seen so far filled, per slot: the checker's input.
  const filled: number[] = new Array<number>(sources.length).fill(0);
  let seen = 0;

  return {
    extraColumns,
    usesEmail: sources.some((source) => source.builtin === 'email'),

    fromRow(row) {
      seen++;
      for (let i = 0; i < sources.length; i++) {
        const source = sources[i]!;
        values[i] = source.builtin
          ? builtinValue(
              source.builtin,
              row[COL.name] as string,
              row[COL.phone] as string,
              row[COL.email] as string | null,
            )
          : source.column < 0
            ? null
            : text(row[source.column]);
        if (!isBlank(values[i])) filled[i]!++;
      }
      return finish(compiled.render(values));
    },

    unclosed: syntaxProblems(compiled),
    check: (inBook) => checkFields(compiled, { recipients: seen, filled, inBook }),

    forRecipient(recipient) {
      let custom: Record<string, unknown> = {};
      if (recipient) {
        try {
          // By the exact key, like json_extract in fromRow: the preview shows what the freeze will send.
          custom = JSON.parse(recipient.fields) as Record<string, unknown>;
        } catch {
          custom = {};
        }
      }
      const own = compiled.keys.map((key) => {
        if (!recipient) return null;
        const builtin = builtinOf(key);
        return builtin
          ? builtinValue(builtin, recipient.name, recipient.phone, recipient.email)
          : fieldColumn(key) === null
            ? null
            : text(Object.hasOwn(custom, key) ? custom[key] : null);
      });
      return { text: finish(compiled.render(own)), missing: compiled.missing(own) };
    },
  };
}

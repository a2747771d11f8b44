/**
 * Template shapes that cross IPC (outputs of the templates channels). A
 * template is a saved message: a campaign copies its text when it is used,
 * so editing a template never changes a campaign already written.
 */
import type { SmsEncoding } from '../sms-segments';
import type { TemplateProblem } from '../template';
import type { FieldFallback } from '../template-check';
import type { SegmentView } from './campaigns';

/** A merge field a text uses, once per distinct spelling (`{{nome|cliente}}` and `{{nome}}` are two). */
export interface TemplateFieldView {
  /** The name as typed (`Nome`). */
  name: string;
  /** The folded key contacts are matched by (`nome`, `data_de_nascimento`). */
  key: string;
  /** The text after `|`; '' leaves the field out cleanly; null: no `|`. */
  fallback: string | null;
}

export interface TemplateView {
  id: string;
  name: string;
  category: string | null;
  text: string;
  /** The sender a campaign starts with when it uses this template; null: the account's default. */
  from: string | null;
  /** The SMS type a campaign starts with; null: the service's default. */
  smsTypeId: number | null;
  /** The merge fields the text uses, in order of first use. */
  fields: TemplateFieldView[];
  createdAt: string;
  updatedAt: string;
}

/** A template deleted with undo: hidden until `expiresAt`, then gone for good. */
export interface TemplateDeletedView {
  id: string;
  name: string;
  expiresAt: string;
}

/**
 * How many recipients lack a field: they get its fallback ("37 contatos
 * sem nome vão receber 'cliente'"), nothing (an empty fallback), or a blank
 * (no fallback). Only fields someone lacks are listed.
 */
export type FieldFallbackView = FieldFallback;

/**
 * A text checked against the contacts it would go to (an audience, or the
 * whole contact book for a template): what the send refuses, who gets a
 * fallback, and the segments exact and at worst.
 */
export interface TemplateCheckView {
  /** What the send refuses, in the order found (empty: nothing). */
  problems: TemplateProblem[];
  fallbacks: FieldFallbackView[];
  recipients: number;
  /** Every recipient's message counted: the exact total. */
  segments: number;
  /** The most one message takes. */
  maxSegments: number;
  encodings: Record<SmsEncoding, number>;
  /** The message that takes the most (the first such), counted, for the counter to show; null: nobody. */
  worst: { text: string; segments: SegmentView } | null;
}

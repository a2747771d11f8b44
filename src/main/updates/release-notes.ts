/** The notes of one version, as electron-updater gives them (a string, or one per version with fullChangelog). */
export type ReleaseNotes = string | { version: string; note: string | null }[] | null | undefined;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** At most this much text: notes are a summary, and the window shows them whole. */
export const NOTES_MAX_CHARS = 4000;

/**
 * A release's notes as plain lines. GitHub gives them as HTML, a self-hosted
 * latest.yml as whatever its author wrote (Markdown, usually): tags become
 * line breaks or nothing, entities their characters, and the window shows
 * the text as text (never as HTML, which could carry links or scripts).
 */
export function plainReleaseNotes(notes: ReleaseNotes): string | null {
  const raw = Array.isArray(notes)
    ? notes.map((n) => (n.note ? `${n.version}\n${n.note}` : n.version)).join('\n\n')
    : (notes ?? '');
  const text = raw
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\s*(br|\/p|\/li|\/h[1-6]|\/div)\s*\/?>/gi, '\n')
    .replace(/<\s*li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!text) return null;
  return text.length > NOTES_MAX_CHARS ? `${text.slice(0, NOTES_MAX_CHARS).trimEnd()}…` : text;
}

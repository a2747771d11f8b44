/** The path of a file saved beside `file` with another extension: `titular.html` → `titular.json`. */
export function companionPath(file: string, extension: string): string {
  const dot = file.lastIndexOf('.');
  const slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return `${dot > slash ? file.slice(0, dot) : file}.${extension}`;
}

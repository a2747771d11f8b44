/** ODS packages written by hand (a content.xml as given), for the readers' damaged and hostile cases. */
import { writeZip } from './fixture-zip';

export const ODS_MIME = 'application/vnd.oasis.opendocument.spreadsheet';

const utf8 = (s: string) => Buffer.from(s, 'utf8');
export const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const MANIFEST =
  '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
  `<manifest:file-entry manifest:full-path="/" manifest:media-type="${ODS_MIME}"/>` +
  '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>';

/** An ODS package around a content.xml. */
export function odsPackage(content: string | Buffer): Buffer {
  return writeZip([
    { name: 'mimetype', data: utf8(ODS_MIME), store: true },
    { name: 'META-INF/manifest.xml', data: utf8(MANIFEST) },
    { name: 'styles.xml', data: utf8(`<office:document-styles ${ODS_NS}/>`) },
    { name: 'content.xml', data: typeof content === 'string' ? utf8(content) : content },
  ]);
}

export const ODS_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"';

export const odsCell = (v: string) =>
  `<table:table-cell office:value-type="string"><text:p>${escapeXml(v)}</text:p></table:table-cell>`;
export const odsRow = (cells: string[]) =>
  `<table:table-row>${cells.map(odsCell).join('')}</table:table-row>`;
/** content.xml of one table: `body` is the rows' XML; `doctype` goes before the root. */
export const odsContent = (body: string, doctype = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>${doctype}<office:document-content ${ODS_NS}><office:body>` +
  `<office:spreadsheet><table:table table:name="Contatos">${body}</table:table></office:spreadsheet>` +
  '</office:body></office:document-content>';

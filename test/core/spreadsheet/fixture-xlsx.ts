/** XLSX packages written by hand, to exercise the fast reader on what SheetJS's writer never produces. */
import { writeZip, type ZipInput, type ZipOptions } from './fixture-zip';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A `<worksheet>` part around the given `<sheetData>` content (and a `<dimension>`, when given). */
export function worksheetXml(sheetData: string, dimension?: string): string {
  const ref = dimension === undefined ? '' : `<dimension ref="${dimension}"/>`;
  return `<worksheet xmlns="${NS}">${ref}<sheetData>${sheetData}</sheetData></worksheet>`;
}

/**
 * A one-sheet package written by hand, each part as given (a damaged or
 * hostile workbook has them): the worksheet's XML, the sharedStrings part's
 * (linked only when given), where the workbook's link to the sheet points,
 * and any further entries.
 */
export function handXlsx(opts: {
  worksheet: string;
  sharedStrings?: string;
  sheetName?: string;
  sheetTarget?: string;
  extra?: ZipInput[];
  /** The worksheet's zip entry as given (its bytes, a size it lies about, ZIP64...), instead of `worksheet`. */
  sheetPart?: Omit<ZipInput, 'name'>;
  zip?: ZipOptions;
}): Buffer {
  const strings = opts.sharedStrings;
  return writeZip(
    [
      {
        name: 'xl/workbook.xml',
        data: Buffer.from(
          `<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="${opts.sheetName ?? 'S'}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ),
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: Buffer.from(
          `<Relationships><Relationship Id="rId1" Type="${REL}/worksheet" Target="${opts.sheetTarget ?? 'worksheets/sheet1.xml'}"/>` +
            (strings === undefined
              ? ''
              : `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`) +
            '</Relationships>',
        ),
      },
      ...(strings === undefined
        ? []
        : [{ name: 'xl/sharedStrings.xml', data: Buffer.from(strings, 'utf8') }]),
      {
        name: 'xl/worksheets/sheet1.xml',
        ...(opts.sheetPart ?? { data: Buffer.from(opts.worksheet, 'utf8') }),
      },
      ...(opts.extra ?? []),
    ],
    opts.zip,
  );
}

/** A row of shared-string cells (columns A, B, ...), by index. */
export const sharedStringRow = (r: number, ...indexes: (number | string)[]): string =>
  `<row r="${r}">${indexes.map((s, c) => `<c r="${String.fromCharCode(65 + c)}${r}" t="s"><v>${s}</v></c>`).join('')}</row>`;

/** A sharedStrings part holding these texts (as XML, unescaped: the caller's markup stays markup). */
export function sharedStringsXml(texts: string[], doctype = ''): string {
  return `${doctype}<sst xmlns="${NS}">${texts.map((t) => `<si><t>${t}</t></si>`).join('')}</sst>`;
}

/** The smallest package the fast reader accepts: one sheet with the given <sheetData> content. */
export function minimalXlsx(sheetData: string): Buffer {
  return handXlsx({ worksheet: worksheetXml(sheetData) });
}

/**
 * An XLSX written by hand the way Excel and other producers write it and
 * SheetJS's writer does not: namespace prefixes, rich text with phonetic
 * runs, inline strings, escapes, a hidden first sheet, custom number formats.
 */
export function excelStyleXlsx(): Buffer {
  const x = (s: string) => Buffer.from(s, 'utf8');
  return writeZip([
    {
      name: '[Content_Types].xml',
      data: x(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: x(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: x(
        `<?xml version="1.0" encoding="UTF-8"?><x:workbook xmlns:x="${NS}" xmlns:r="${REL}">` +
          '<x:workbookPr/><x:sheets>' +
          '<x:sheet name="Listas" sheetId="1" state="hidden" r:id="rId2"/>' +
          '<x:sheet name="Clientes &amp; Amigos" sheetId="2" r:id="rId1"/>' +
          '</x:sheets></x:workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: x(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${REL}/worksheet" Target="/xl/worksheets/sheet2.xml"/>` +
          `<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` +
          `<Relationship Id="rId4" Type="${REL}/styles" Target="styles.xml"/>` +
          '</Relationships>',
      ),
    },
    {
      name: 'xl/sharedStrings.xml',
      data: x(
        `<?xml version="1.0" encoding="UTF-8"?><x:sst xmlns:x="${NS}" count="6" uniqueCount="6">` +
          '<x:si><x:t>Nome</x:t></x:si>' +
          '<x:si><x:t>Telefone</x:t></x:si>' +
          '<x:si><x:r><x:rPr><x:b/></x:rPr><x:t xml:space="preserve">João </x:t></x:r><x:r><x:t>da Silva</x:t></x:r>' +
          '<x:rPh sb="0" eb="1"><x:t>ジョアン</x:t></x:rPh></x:si>' +
          '<x:si><x:t>Tom &amp; Jerry_x000D_&lt;Ltda&gt;</x:t></x:si>' +
          '<x:si><x:t/></x:si>' +
          '<x:si><x:t>Observação</x:t></x:si>' +
          '</x:sst>',
      ),
    },
    {
      name: 'xl/styles.xml',
      data: x(
        `<?xml version="1.0" encoding="UTF-8"?><x:styleSheet xmlns:x="${NS}">` +
          '<x:numFmts count="1"><x:numFmt numFmtId="164" formatCode="&quot;(&quot;00&quot;) &quot;00000&quot;-&quot;0000"/></x:numFmts>' +
          '<x:cellXfs count="3"><x:xf numFmtId="0"/><x:xf numFmtId="164" applyNumberFormat="1"/><x:xf numFmtId="14"/></x:cellXfs>' +
          '</x:styleSheet>',
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: x(
        `<?xml version="1.0" encoding="UTF-8"?><x:worksheet xmlns:x="${NS}"><x:dimension ref="A1:XFD1048576"/><x:sheetData>` +
          '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="C1" t="s"><x:v>5</x:v></x:c></x:row>' +
          '<x:row r="2"><x:c r="A2" t="s"><x:v>2</x:v></x:c><x:c r="B2" s="1"><x:v>11987654321</x:v></x:c>' +
          '<x:c r="C2" s="2"><x:v>45000</x:v></x:c></x:row>' +
          '<x:row r="4" spans="1:3"><x:c r="A4" t="s"><x:v>3</x:v></x:c><x:c r="B4"><x:v>5511987654322</x:v></x:c>' +
          '<x:c r="C4" t="inlineStr"><x:is><x:t>linha 1\nlinha 2</x:t></x:is></x:c></x:row>' +
          '<x:row r="5"><x:c r="A5" t="inlineStr"><x:is><x:r><x:t>Antônio</x:t></x:r></x:is></x:c>' +
          '<x:c r="B5" t="str"><x:f>"+55 11 "&amp;"98765-4323"</x:f><x:v>+55 11 98765-4323</x:v></x:c>' +
          '<x:c r="C5" t="b"><x:v>1</x:v></x:c></x:row>' +
          '<x:row r="6"><x:c r="A6" t="s"><x:v>4</x:v></x:c><x:c r="B6"><x:v>5.5119900000000E+12</x:v></x:c>' +
          '<x:c r="C6" t="e"><x:v>#N/A</x:v></x:c></x:row>' +
          '<x:row r="7"><x:c r="B7"/></x:row>' +
          '</x:sheetData></x:worksheet>',
      ),
    },
    {
      name: 'xl/worksheets/sheet2.xml',
      data: x(
        `<?xml version="1.0" encoding="UTF-8"?><x:worksheet xmlns:x="${NS}"><x:sheetData>` +
          '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Oculta</x:t></x:is></x:c></x:row>' +
          '</x:sheetData></x:worksheet>',
      ),
    },
  ]);
}

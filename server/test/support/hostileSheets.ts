/**
 * Hostile .xlsx packages made by the tests (none is stored): a cell at column ZZZZZZZ, rows padded
 * to a far column, a shared-strings bomb, a gigabyte of whitespace, a DTD. Large parts are deflated
 * as a stream from a repeated unit, so a 1 GB part costs its deflated size (about 1 MB) in memory.
 */
import zlib from 'node:zlib';

interface Part {
  name: string;
  deflated: Buffer;
  size: number;
  crc: number;
}

/** A part deflated from its pieces: `unit` repeated `times` between `head` and `tail`. */
async function deflated(name: string, head: string, unit = '', times = 0, tail = ''): Promise<Part> {
  const z = zlib.createDeflateRaw({ level: 1, strategy: zlib.constants.Z_RLE });
  const out: Buffer[] = [];
  z.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((r) => z.on('end', r));
  let size = 0;
  let crc = 0;
  const write = async (b: Buffer) => {
    size += b.length;
    crc = zlib.crc32(b, crc);
    if (!z.write(b)) await new Promise((r) => z.once('drain', r));
  };
  await write(Buffer.from(head));
  // the unit repeated up to 1 MB per write
  const per = unit ? Math.max(1, Math.floor((1024 * 1024) / Buffer.byteLength(unit))) : 0;
  const block = Buffer.from(unit.repeat(per));
  for (let left = times; left > 0; left -= per) await write(left >= per ? block : Buffer.from(unit.repeat(left)));
  await write(Buffer.from(tail));
  z.end();
  await ended;
  return { name, deflated: Buffer.concat(out), size, crc };
}

/** A zip of the parts (deflated, no data descriptors), as an .xlsx package is laid out. */
function zip(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(p.crc >>> 0, 14);
    head.writeUInt32LE(p.deflated.length, 18);
    head.writeUInt32LE(p.size >>> 0, 22);
    head.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(p.crc >>> 0, 16);
    dir.writeUInt32LE(p.deflated.length, 20);
    dir.writeUInt32LE(Math.min(p.size, 0xffffffff) >>> 0, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(head, name, p.deflated);
    central.push(dir, name);
    offset += 30 + name.length + p.deflated.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The package around a sheet (and shared strings): content types, workbook, its relationships. */
async function pack(sheet: Part, shared?: Part): Promise<Buffer> {
  const parts = [
    await deflated(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ),
    await deflated(
      'xl/workbook.xml',
      `<?xml version="1.0"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="车辆" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    await deflated(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    sheet,
    ...(shared ? [shared] : []),
  ];
  return zip(parts);
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
/** The filing template's header and one good row (rows 1 and 2), so that a check of the header passes. */
const GOOD = `<row r="1">${inline('A1', '车辆编号')}${inline('B1', '车辆类型')}</row><row r="2">${inline('A2', 'HS0000001')}${inline('B2', '自行车')}</row>`;
const sheetPart = (head: string, unit = '', times = 0, tail = '', good = GOOD) =>
  deflated(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0"?>${head}<worksheet xmlns="${NS}"><sheetData>${good}`,
    unit,
    times,
    `${tail}</sheetData></worksheet>`,
  );

/**
 * A cell at column `column` (e.g. ZZZZZZZ) in row `row`: in the header itself for row 1, else after
 * the good rows 2 … `goodRows` + 2 (so that the header check passes and the import job meets it).
 */
export async function farCell(column: string, row: number, goodRows = 0): Promise<Buffer> {
  if (row === 1) return pack(await sheetPart('', '', 0, `<row r="1">${inline('A1', '车辆编号')}${inline(`${column}1`, 'x')}</row>`, ''));
  const good = Array.from(
    { length: goodRows },
    (_, i) => `<row r="${i + 3}">${inline(`A${i + 3}`, `HS${String(i + 2).padStart(7, '0')}`)}${inline(`B${i + 3}`, '自行车')}</row>`,
  );
  return pack(await sheetPart('', '', 0, `${good.join('')}<row r="${row}">${inline(`${column}${row}`, 'x')}</row>`));
}

/** `rows` rows each with a cell at column `column` (AAAAA pads a row to 9 million cells). */
export async function farRows(column: string, rows: number): Promise<Buffer> {
  const body = Array.from({ length: rows }, (_, i) => `<row r="${i + 3}">${inline(`A${i + 3}`, 'HS1')}${inline(`${column}${i + 3}`, 'x')}</row>`).join('');
  return pack(await sheetPart('', '', 0, body));
}

/** Shared strings of about `bytes` inflated bytes (a 512 MB part deflates to about 500 KB). */
export async function sharedBomb(bytes: number): Promise<Buffer> {
  const unit = `<si><t>${'a'.repeat(1000)}</t></si>`;
  const shared = await deflated('xl/sharedStrings.xml', `<?xml version="1.0"?><sst xmlns="${NS}">`, unit, Math.ceil(bytes / unit.length), '</sst>');
  return pack(await sheetPart(''), shared);
}

/** `bytes` of whitespace inside the sheet's data. */
export async function whitespace(bytes: number): Promise<Buffer> {
  return pack(await sheetPart('', ' ', bytes));
}

/** A DTD declaring an entity that a cell then uses (billion laughs, one level). */
export async function dtdEntity(): Promise<Buffer> {
  const dtd = `<!DOCTYPE worksheet [<!ENTITY a "${'a'.repeat(1000)}"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>`;
  return pack(await sheetPart(dtd, '', 0, `<row r="3">${inline('A3', '&b;')}</row>`));
}

import { inflateRawSync } from 'node:zlib';

// A small reader of .xlsx files for the tests: the zip's entries (stored or
// deflated), the shared strings and the first worksheet's cells by reference
// (A1, B2, ...). Enough to check what an export wrote, no dependency.

function unzip(data: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  // End of central directory: signature 0x06054b50, within the last 64 KiB.
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 65_557); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip file');
  const count = data.readUInt16LE(eocd + 10);
  let at = data.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (data.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = data.readUInt16LE(at + 10);
    const compressed = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const local = data.readUInt32LE(at + 42);
    const name = data.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const raw = data.subarray(start, start + compressed);
    files.set(name, method === 0 ? raw : inflateRawSync(raw));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&apos;': "'" };
const decode = (s: string) => s.replace(/&(lt|gt|amp|quot|apos);/g, (e) => entities[e] ?? e);
const texts = (xml: string) =>
  [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => decode(m[1] ?? '')).join('');

export type Cell = string | number | boolean;

/** The first worksheet of an .xlsx file: cell values by reference, and the raw number format ids. */
export function readFirstSheet(data: Buffer): Map<string, Cell> {
  const files = unzip(data);
  const shared: string[] = [];
  const sst = files.get('xl/sharedStrings.xml')?.toString('utf8');
  if (sst) for (const m of sst.matchAll(/<si>([\s\S]*?)<\/si>/g)) shared.push(texts(m[1] ?? ''));
  const sheetName = [...files.keys()].filter((k) => /^xl\/worksheets\/sheet\d+\.xml$/.test(k)).sort()[0];
  if (!sheetName) throw new Error('no worksheet');
  const sheet = files.get(sheetName)!.toString('utf8');
  const cells = new Map<string, Cell>();
  for (const m of sheet.matchAll(/<c\s([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const attrs = m[1] ?? '';
    const body = m[2] ?? '';
    const ref = /\br="([A-Z]+\d+)"/.exec(attrs)?.[1];
    if (!ref) continue;
    const type = /\bt="(\w+)"/.exec(attrs)?.[1];
    const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
    if (type === 's' && v !== undefined) cells.set(ref, shared[Number(v)] ?? '');
    else if (type === 'inlineStr') cells.set(ref, texts(body));
    else if (type === 'str' && v !== undefined) cells.set(ref, decode(v));
    else if (type === 'b' && v !== undefined) cells.set(ref, v === '1');
    else if (v !== undefined) cells.set(ref, Number(v));
  }
  return cells;
}

/** An Excel serial date (days since 1899-12-30) as YYYY-MM-DD. */
export function serialToDay(serial: number): string {
  return new Date(Math.round((serial - 25569) * 86_400_000)).toISOString().slice(0, 10);
}

/**
 * The Signature Protocol's template (platform setting signatureProtocolTemplate): its placeholders,
 * read as the server renders them (internal/items/files_sign.go renderProtocol: a name between braces,
 * trimmed, in any case; unknown ones stay as written, which the server refuses on save).
 */

export const PROTOCOL_TEMPLATE_SETTING = 'signatureProtocolTemplate';

/** Longest template the server keeps, in characters (internal/admin MaxProtocolTemplate). */
export const MAX_PROTOCOL_TEMPLATE = 5000;

/** Each placeholder by its pt-BR name, with its English alias when it has one. */
export const PROTOCOL_PLACEHOLDERS = [
  { name: 'signatario', alias: 'signer' },
  { name: 'login' },
  { name: 'arquivo', alias: 'file' },
  { name: 'versao', alias: 'version' },
  { name: 'hash' },
  { name: 'item' },
  { name: 'data', alias: 'date' },
  { name: 'codigo', alias: 'code' },
  { name: 'local', alias: 'location' },
  { name: 'endereco', alias: 'address' },
] as const satisfies readonly { name: string; alias?: string }[];

export type PlaceholderName = (typeof PROTOCOL_PLACEHOLDERS)[number]['name'];

/** Example values of a signature, for the preview (the date as the server writes it in each language). */
export function sampleProtocolValues(language: string): Record<string, string> {
  const values: Record<PlaceholderName, string> = {
    signatario: 'Maria da Silva',
    login: 'maria.silva',
    arquivo: 'contrato.pdf',
    versao: '2',
    hash: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    item: '1024',
    data: language.toLowerCase().startsWith('en') ? '2026-11-23 14:05:09 UTC' : '23/11/2026 14:05:09 UTC',
    codigo: '7KQ2-M9XD-4HPA',
    local: '-23.550520, -46.633308',
    endereco: '203.0.113.7',
  };
  const out: Record<string, string> = { ...values };
  for (const p of PROTOCOL_PLACEHOLDERS) if ('alias' in p) out[p.alias] = values[p.name];
  return out;
}

/** A piece of the rendered protocol: plain text, a filled placeholder, or an unknown one (kept as written). */
export type ProtocolPart = { text: string; kind: 'text' | 'value' | 'unknown' };

/** Renders template with values, in parts, exactly as the server fills it. */
export function renderProtocolParts(template: string, values: Record<string, string>): ProtocolPart[] {
  const parts: ProtocolPart[] = [];
  let rest = template;
  for (;;) {
    const open = rest.indexOf('{');
    if (open < 0) break;
    const close = rest.indexOf('}', open);
    if (close < 0) break;
    if (open > 0) parts.push({ text: rest.slice(0, open), kind: 'text' });
    const name = rest
      .slice(open + 1, close)
      .trim()
      .toLowerCase();
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    parts.push(
      value === undefined ? { text: rest.slice(open, close + 1), kind: 'unknown' } : { text: value, kind: 'value' },
    );
    rest = rest.slice(close + 1);
  }
  if (rest) parts.push({ text: rest, kind: 'text' });
  return parts;
}

/** The placeholders of template that signing would not fill, as written, each once (what the server refuses). */
export function unknownPlaceholders(template: string): string[] {
  const out: string[] = [];
  for (const part of renderProtocolParts(template, sampleProtocolValues('pt-BR'))) {
    if (part.kind === 'unknown' && !out.includes(part.text)) out.push(part.text);
  }
  return out;
}

import { createServer, type Server } from 'node:http';

/**
 * A stand-in for a ZIP code provider (TRAMITA_ZIP_LOOKUP_URL) answering ViaCEP's JSON for the
 * codes it knows and {erro: true} for the others, so address lookups run without the internet.
 */
export function startZipProvider(
  port: number,
  addresses: Record<string, { logradouro: string; bairro: string; localidade: string; uf: string }>,
): Promise<Server> {
  const server = createServer((req, res) => {
    const zip = /\/(\d{8})\//.exec(req.url ?? '')?.[1] ?? '';
    const address = addresses[zip];
    res.setHeader('Content-Type', 'application/json');
    res.end(
      JSON.stringify(
        address ? { cep: `${zip.slice(0, 5)}-${zip.slice(5)}`, complemento: '', ...address } : { erro: true },
      ),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** The provider address the server is told about, with {zip} where the digits go. */
export const zipLookupURL = (port: number) => `http://127.0.0.1:${port}/ws/{zip}/json/`;

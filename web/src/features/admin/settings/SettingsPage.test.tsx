import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../../test/renderApp';
import { makeSession } from '../../../test/session';
import { renderProtocolParts, sampleProtocolValues, unknownPlaceholders } from './protocolTemplate';

vi.setConfig({ testTimeout: 30_000 });

const KEY = 'signatureProtocolTemplate';

/** The settings calls: answers `saved`, and a save answers what the server would (or `refuse`). */
function settingsFetch(saved: Record<string, unknown>, refuse?: () => Response) {
  const bodies: Record<string, unknown>[] = [];
  const fetch = mockFetch({}, (url, init) => {
    if (url.endsWith('/api/admin/settings')) return jsonResponse(saved);
    if (url.endsWith('/api/admin/settings/save')) {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push(body);
      return refuse?.() ?? jsonResponse({ ...saved, ...body });
    }
    return jsonResponse({ Message: `unexpected ${url}` }, 500);
  });
  return { fetch, bodies };
}

async function openTemplate() {
  setSession(makeSession({ isAdministratorLogged: true }));
  renderApp('/administration/settings');
  return screen.findByRole('textbox', { name: 'Modelo do protocolo de assinatura' }, { timeout: 10_000 });
}

describe('the signature protocol template', () => {
  it('renders as the server does: placeholders in any case and spacing, aliases, unknown ones kept', () => {
    const values = sampleProtocolValues('pt-BR');
    const parts = renderProtocolParts('Eu, { SIGNATARIO } ({signer}) — {nada} e {hash', values);
    expect(parts.map((p) => p.text).join('')).toBe('Eu, Maria da Silva (Maria da Silva) — {nada} e {hash');
    expect(parts.filter((p) => p.kind === 'unknown').map((p) => p.text)).toEqual(['{nada}']);
    expect(sampleProtocolValues('en').date).toBe('2026-11-23 14:05:09 UTC');
    expect(unknownPlaceholders('{x} {codigo} {x} {}')).toEqual(['{x}', '{}']);
  });

  it('shows the saved template, its placeholders with what each becomes, and the preview with example values', async () => {
    settingsFetch({ [KEY]: 'Eu, {signatario}, assinei {arquivo} em {data}.\nCódigo: {codigo}' });
    const field = await openTemplate();
    expect(field).toHaveValue('Eu, {signatario}, assinei {arquivo} em {data}.\nCódigo: {codigo}');
    const list = screen.getByRole('region', { name: 'Marcadores (clique para inserir)' });
    expect(within(list).getByRole('button', { name: 'Inserir {signatario}' })).toBeInTheDocument();
    expect(list).toHaveTextContent('{hash}SHA-256 do arquivo assinado');
    expect(list).toHaveTextContent('{signatario}nome de quem assina · ou {signer}');
    expect(within(list).getAllByRole('button')).toHaveLength(10);
    const preview = screen.getByTestId('protocol-preview');
    expect(preview).toHaveTextContent('Protocolo de Assinatura');
    expect(preview).toHaveTextContent(
      'Eu, Maria da Silva, assinei contrato.pdf em 23/11/2026 14:05:09 UTC. Código: 7KQ2-M9XD-4HPA',
    );
  });

  it('saves an edited template with the other settings, a placeholder inserted by a click', async () => {
    const { bodies } = settingsFetch({ [KEY]: '', brand: 'Tramita' });
    const field = await openTemplate();
    expect(screen.getByTestId('protocol-preview')).toHaveTextContent(
      'Não foi possível emitir o Protocolo de Assinatura pois o modelo de protocolo não foi configurado',
    );
    const user = userEvent.setup();
    await user.click(field);
    await user.paste('Assinado por ');
    await user.click(screen.getByRole('button', { name: 'Inserir {signatario}' }));
    expect(field).toHaveValue('Assinado por {signatario}');
    expect(screen.getByTestId('protocol-preview')).toHaveTextContent('Assinado por Maria da Silva');
    fireEvent.change(screen.getByRole('textbox', { name: 'Nome da marca' }), { target: { value: 'Acme' } });
    await user.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument();
    expect(bodies).toEqual([{ [KEY]: 'Assinado por {signatario}', brand: 'Acme' }]);
  });

  it('says unknown placeholders while typing, and shows the server’s refusal on the field', async () => {
    const message =
      'O modelo do protocolo de assinatura usa marcadores desconhecidos: {assinante}. Use apenas os marcadores da lista.';
    settingsFetch({ [KEY]: '' }, () =>
      jsonResponse(
        { Message: `${message}##DETAILEDERROR##request x`, Validations: [{ Field: KEY, Message: message }] },
        400,
      ),
    );
    const field = await openTemplate();
    fireEvent.change(field, { target: { value: 'Eu, {assinante}' } });
    expect(
      screen.getByText('Marcadores desconhecidos: {assinante}. Use apenas os marcadores da lista.'),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});

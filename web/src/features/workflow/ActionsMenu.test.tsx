import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/renderApp';
import { ActionsMenu } from './ActionsMenu';

const status = (id: number, name: string) => ({ id, key: `s${id}`, name, color: '', final: false });
const wait = {
  id: 6,
  key: 'wait',
  name: 'Aguardar cliente',
  from: [status(2, 'Em atendimento')],
  to: status(3, 'Aguardando cliente'),
  asksReason: true,
  requiresReason: true,
  asksResponsible: false,
  ruleId: 0,
};

function renderMenu(ids: number[], onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <ActionsMenu componentId={4} ids={ids} onDone={onDone} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return onDone;
}

describe('ActionsMenu', () => {
  it('is disabled without a selection, and says why', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderMenu([]);
    const button = screen.getByRole('button', { name: 'Tramitar' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Selecione pelo menos um item!');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is disabled with the reason when the selection has no common action (422)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ Message: 'Não existem tramitações disponiveis para os item(s) selecionado(s)!' }, 422),
      ),
    );
    renderMenu([1, 2]);
    const button = screen.getByRole('button', { name: 'Tramitar' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription('Nenhuma tramitação é comum aos 2 itens selecionados.');
    await userEvent.hover(button.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Nenhuma tramitação é comum aos 2 itens selecionados.',
    );
  });

  it('says a single finished item has nothing to do', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ Message: 'sem ações' }, 422)),
    );
    renderMenu([7]);
    const button = screen.getByRole('button', { name: 'Tramitar' });
    await waitFor(() => expect(button).toHaveAccessibleDescription('Nenhuma tramitação é possível neste item agora.'));
  });

  it('offers the actions of the selection, asks the reason and moves every selected item', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/getActions')) return jsonResponse([wait]);
      if (url.endsWith('/triggerAction'))
        return jsonResponse({ Message: '2 item(s) tramitado(s) para Aguardando cliente.', items: [] });
      return jsonResponse({ Message: 'unexpected' }, 500);
    });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const onDone = renderMenu([1, 2]);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Tramitar' }));
    await user.click(await screen.findByRole('menuitem', { name: /Aguardar cliente/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Motivo da mudança' });
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Sem resposta');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('2 itens tramitados para Aguardando cliente.')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalled();
    const trigger = fetch.mock.calls.find(([url]) => String(url).endsWith('/triggerAction'))!;
    expect(JSON.parse(String(trigger[1]!.body))).toEqual({
      componentId: 4,
      ids: [1, 2],
      action: 6,
      reason: 'Sem resposta',
      responsibleId: 0,
    });
  });
});

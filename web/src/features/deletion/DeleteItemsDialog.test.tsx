import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/renderApp';
import { DeleteItemsDialog } from './DeleteItemsDialog';

vi.setConfig({ testTimeout: 20_000 });

function renderDialog(ids: number[], answer: () => Response, name?: string) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/genericItem/deleteItem')) {
        bodies.push(JSON.parse(String(init?.body)));
        return answer();
      }
      return jsonResponse({ Message: 'unexpected' }, 500);
    }),
  );
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <DeleteItemsDialog componentId={4} ids={ids} name={name} onClose={onClose} onDeleted={onDeleted} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { bodies, onClose, onDeleted };
}

describe('DeleteItemsDialog', () => {
  it('counts the items, says where they go, starts on Cancel and closes on Escape', async () => {
    const { bodies, onClose } = renderDialog([7, 8, 9], () => jsonResponse({ success: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir 3 itens?' });
    expect(dialog).toHaveTextContent('Os itens saem das listas');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    expect(bodies).toHaveLength(0);
  });

  it('names one item by number and title', async () => {
    renderDialog([7], () => jsonResponse({ success: true }), '12 - Revisar contrato');
    expect(await screen.findByRole('dialog', { name: 'Excluir 12 - Revisar contrato?' })).toHaveTextContent(
      'O item sai das listas',
    );
  });

  it('deletes the items on confirm and says so', async () => {
    const { bodies, onDeleted } = renderDialog([7, 8], () => jsonResponse({ success: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('2 itens excluídos.')).toBeInTheDocument();
    expect(bodies).toEqual([{ ids: [7, 8], componentId: 4 }]);
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal in a toast and deletes nothing", async () => {
    const refusal = 'Não é possível excluir 12 - Plano: 13 - Etapa é filho dele.';
    const { onClose, onDeleted } = renderDialog([7], () =>
      jsonResponse({ Message: `${refusal}##DETAILEDERROR##request abc` }, 409),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});

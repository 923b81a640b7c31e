import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/renderApp';
import type { Operation } from '../../operations';
import { SelectionActions } from './SelectionActions';

vi.setConfig({ testTimeout: 20_000 });

const setPriority: Operation = {
  id: 31,
  key: 'raisePriority',
  name: 'Definir prioridade',
  applicationId: 2,
  componentId: 4,
  bulk: true,
  result: 'message',
  parameters: [
    {
      key: 'priority',
      name: 'Prioridade',
      type: 'PICKLIST',
      required: true,
      options: [
        { value: 'low', text: 'Baixa' },
        { value: 'high', text: 'Alta' },
      ],
    },
  ],
};

function renderActions(ids: number[], run: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/getOperations')) return jsonResponse([setPriority]);
      if (url.endsWith('/executeBulkOperation')) {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        bodies.push(body);
        return run(body);
      }
      return jsonResponse({ Message: 'unexpected' }, 500);
    }),
  );
  const onChanged = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <SelectionActions componentId={4} formId={0} ids={ids} onChanged={onChanged} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { bodies, onChanged };
}

async function openOperation() {
  await userEvent.click(await screen.findByRole('button', { name: 'Operações' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Definir prioridade' }));
}

describe('SelectionActions', () => {
  it('asks for a selection before a bulk edit or an operation', async () => {
    const { bodies } = renderActions([], () => jsonResponse({}));
    expect(screen.getByText('Nenhum item selecionado')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Editar em massa' }));
    expect(
      await screen.findByText('Selecione pelo menos um item!', { selector: '#notistack-snackbar' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tramitar' })).toBeDisabled();
    await openOperation();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('runs a bulk operation on the selection with its parameters, shows its message and reloads the list', async () => {
    const { bodies, onChanged } = renderActions([7, 8], () =>
      jsonResponse({ Message: 'Operação executada em 2 item(s).', items: [] }),
    );
    expect(screen.getByText('2 itens selecionados')).toBeInTheDocument();
    await openOperation();
    const dialog = await screen.findByRole('dialog', { name: /Definir prioridade/ });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Prioridade/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Alta' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Executar' }));
    expect(await within(dialog).findByText('Operação executada em 2 item(s).')).toBeInTheDocument();
    expect(bodies).toEqual([{ operationId: 31, appID: 2, componentId: 4, ids: [7, 8], params: { priority: 'high' } }]);
    expect(onChanged).toHaveBeenCalled();
  });

  it('keeps a rule’s refusal in the dialog and says nothing changed', async () => {
    const { onChanged } = renderActions([7], () => jsonResponse({ Message: 'A tarefa 12 está concluída.' }, 422));
    await openOperation();
    const dialog = await screen.findByRole('dialog', { name: /Definir prioridade/ });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Prioridade/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Baixa' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Executar' }));
    expect(
      await within(dialog).findByText('A tarefa 12 está concluída. Nenhum item foi alterado.'),
    ).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('deletes the selection after the confirmation, when the type grants it', async () => {
    const deleted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.endsWith('/getOperations')) return jsonResponse([]);
        if (url.endsWith('/deleteItem')) {
          deleted.push(JSON.parse(String(init?.body)));
          return jsonResponse({ success: true });
        }
        return jsonResponse({ Message: 'unexpected' }, 500);
      }),
    );
    const onChanged = vi.fn();
    const onDeleted = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <SnackbarProvider>
          <SelectionActions componentId={4} formId={0} ids={[7, 8, 9]} onChanged={onChanged} />
        </SnackbarProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
    rerender(
      <QueryClientProvider client={client}>
        <SnackbarProvider>
          <SelectionActions
            componentId={4}
            formId={0}
            ids={[7, 8, 9]}
            onChanged={onChanged}
            canDelete
            onDeleted={onDeleted}
          />
        </SnackbarProvider>
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir 3 itens?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('3 itens excluídos.')).toBeInTheDocument();
    expect(deleted).toEqual([{ ids: [7, 8, 9], componentId: 4 }]);
    expect(onDeleted).toHaveBeenCalledTimes(1);
    expect(onChanged).not.toHaveBeenCalled();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/renderApp';
import type { FormDefinition } from '../../forms';
import BulkEditDialog from './BulkEditDialog';

vi.setConfig({ testTimeout: 20_000 });

const form: FormDefinition = {
  id: 9,
  key: 'default',
  name: 'Tarefa',
  componentID: 4,
  componentName: 'Tarefa',
  controls: {
    kind: 'panel',
    children: [
      { kind: 'textbox', field: 'Title', label: 'Título', attributeType: 'STRING' },
      {
        kind: 'numeric picker',
        field: 'progress',
        label: 'Progresso',
        attributeType: 'PERCENTILE',
        decimalScale: 2,
        minimum: 0,
        maximum: 100,
        suffix: '%',
        decimalSeparator: ',',
        thousandSeparator: '.',
      },
      {
        kind: 'date chooser',
        field: 'approvedOn',
        label: 'Aprovada em',
        attributeType: 'DATE_TIME',
        readOnly: true,
        format: 'DD/MM/YYYY',
      },
    ],
  },
};

function renderDialog(bulk: (body: unknown) => Response) {
  const bodies: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/getForm')) return jsonResponse(form);
    if (url.endsWith('/bulkUpdateItems')) {
      const body: unknown = JSON.parse(String(init?.body));
      bodies.push(body);
      return bulk(body);
    }
    return jsonResponse({ Message: 'unexpected' }, 500);
  });
  vi.stubGlobal('fetch', fetch);
  const onDone = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <BulkEditDialog componentId={4} formId={0} ids={[5, 6]} onClose={vi.fn()} onDone={onDone} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { fetch, bodies, onDone };
}

async function pickField(name: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: 'Campos a alterar' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('BulkEditDialog', () => {
  it('asks getForm in bulk mode and offers only the fields the form writes', async () => {
    const { fetch } = renderDialog(() => jsonResponse({}));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Campos a alterar' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Título', 'Progresso']);
    const getForm = fetch.mock.calls.find(([url]) => String(url).endsWith('/getForm'))!;
    expect(JSON.parse(String(getForm[1]!.body))).toEqual({ componentID: 4, mode: 3 });
    expect(screen.getByRole('button', { name: 'Alterar 2 itens' })).toBeDisabled();
  });

  it('checks a value as the form does, then sends the picked fields and says how many changed', async () => {
    const { bodies, onDone } = renderDialog(() => jsonResponse({ Message: 'Item Salvo com Sucesso', updated: 1 }));
    await pickField('Progresso');
    const progress = screen.getByRole('textbox', { name: 'Progresso' });
    await userEvent.type(progress, '150');
    await userEvent.click(screen.getByRole('button', { name: 'Alterar 2 itens' }));
    expect(await screen.findByText('o valor deve estar entre 0 e 100')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await userEvent.clear(progress);
    await userEvent.type(progress, '40');
    await userEvent.click(screen.getByRole('button', { name: 'Alterar 2 itens' }));
    expect(await screen.findByText('1 item atualizado. 1 já tinha esses valores.')).toBeInTheDocument();
    expect(bodies).toEqual([{ ids: [5, 6], componentId: 4, formID: 9, values: { progress: 40 } }]);
    expect(onDone).toHaveBeenCalledWith({ Message: 'Item Salvo com Sucesso', updated: 1 });
  });

  it('puts the server’s refusal on its field and keeps the dialog open', async () => {
    const { onDone } = renderDialog(() =>
      jsonResponse(
        { Message: 'Título: preencha este campo', Validations: [{ Field: 'Title', Message: 'preencha este campo' }] },
        400,
      ),
    );
    await pickField('Título');
    await userEvent.click(screen.getByRole('button', { name: 'Alterar 2 itens' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('preencha este campo')).toBeInTheDocument();
    expect(await screen.findByText('Título: preencha este campo')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/renderApp';
import { ImportDialog } from './ImportDialog';
import { fieldValue } from './importValues';
import './i18n';

vi.setConfig({ testTimeout: 30_000 });

const priority = {
  key: 'priority',
  label: 'Prioridade',
  type: 'PICKLIST',
  supported: true,
  options: [
    { value: 'low', label: 'Baixa' },
    { value: 'medium', label: 'Média' },
  ],
};

function renderDialog(upload: () => Response) {
  const sent: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/genericItem/loadScheduleImportFields')) return jsonResponse([priority]);
      if (url.endsWith('/genericItem/scheduleUpload')) {
        sent.push(init?.body as FormData);
        return upload();
      }
      return jsonResponse({ Message: 'unexpected' }, 500);
    }),
  );
  const onImported = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ImportDialog projectId={3} viewId={4} onClose={vi.fn()} onImported={onImported} />
    </QueryClientProvider>,
  );
  return { sent, onImported };
}

describe('ImportDialog', () => {
  it('asks for the file and the required field, then sends them with the fields first', async () => {
    const { sent, onImported } = renderDialog(() => jsonResponse({ created: 12, links: 9 }));
    const user = userEvent.setup();
    await screen.findByRole('combobox', { name: /Prioridade/ });
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(screen.getByText('Escolha o arquivo a importar.')).toBeInTheDocument();
    expect(screen.getByText('Preencha Prioridade.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    const file = new File(['<Project/>'], 'plano.xml', { type: 'text/xml' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, file);
    await user.click(screen.getByRole('combobox', { name: /Prioridade/ }));
    await user.click(await screen.findByRole('option', { name: 'Média' }));
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    await waitFor(() => expect(onImported).toHaveBeenCalledWith({ created: 12, links: 9 }));
    const body = sent[0]!;
    expect([...body.keys()]).toEqual(['projectId', 'viewId', 'values', 'file']);
    expect(body.get('projectId')).toBe('3');
    expect(JSON.parse(String(body.get('values')))).toEqual({ priority: 'medium' });
    expect((body.get('file') as File).name).toBe('plano.xml');
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    renderDialog(() => jsonResponse({ Message: '#1 Fase: Prioridade — valor inválido. Nada foi importado.' }, 422));
    const user = userEvent.setup();
    await screen.findByRole('combobox', { name: /Prioridade/ });
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type=file]')!,
      new File(['x'], 'plano.xml', { type: 'text/xml' }),
    );
    await user.click(screen.getByRole('combobox', { name: /Prioridade/ }));
    await user.click(await screen.findByRole('option', { name: 'Baixa' }));
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nada foi importado.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('fieldValue', () => {
  const f = (type: string) => ({ ...priority, type });
  it('sends numbers, dates, yes/no and text as the server reads them', () => {
    expect(fieldValue(f('DECIMAL'), '12,5')).toBe(12.5);
    expect(fieldValue(f('DATE_TIME'), '2026-03-02')).toBe('2026-03-02T00:00:00Z');
    expect(fieldValue(f('BOOLEAN'), undefined)).toBe(false);
    expect(fieldValue(f('STRING'), '  Obra  ')).toBe('Obra');
    expect(fieldValue(f('STRING'), '   ')).toBeUndefined();
  });
});

import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ReferenceChoice } from '../api/referenceSources';
import i18n from '../i18n';
import { jsonResponse } from '../test/renderApp';
import { LookupField, type LookupFieldProps } from './LookupField';

/** Answers the lookups by path; records each call's body. */
function serve(answers: Record<string, unknown>) {
  const bodies: { path: string; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^.*\/api/, '');
    bodies.push({ path, body: JSON.parse(String(init?.body ?? '{}')) });
    return path in answers ? jsonResponse(answers[path]) : jsonResponse({ Message: 'unexpected call' }, 500);
  });
  vi.stubGlobal('fetch', fetch);
  return bodies;
}

function Harness(props: Omit<LookupFieldProps, 'value' | 'onChange'> & { initial?: ReferenceChoice | null }) {
  const { initial = null, ...rest } = props;
  const [value, setValue] = useState<ReferenceChoice | null>(initial);
  return (
    <>
      <LookupField {...rest} value={value} onChange={setValue} />
      <output aria-label="chosen">{value ? `${value.id}:${value.label}` : 'none'}</output>
    </>
  );
}

function setup(props: Parameters<typeof Harness>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), input: screen.getByRole('combobox', { name: props.label }) };
}

describe('LookupField', () => {
  it('searches as the user types, without the excluded ones, and gives the choice', async () => {
    const bodies = serve({
      '/genericItem/loadUsers': [
        { id: 1, name: 'Ana Gerente', email: 'ana@example.com' },
        { id: 2, name: 'Bia Leitora', login: 'bia' },
      ],
    });
    const { user, input } = setup({ source: 'users', label: 'Gerente', name: 'manager', exclude: [2] });
    expect(input).toHaveAttribute('name', 'manager');
    await user.type(input, 'an');
    await waitFor(() => expect(bodies.at(-1)?.body).toMatchObject({ text: 'an', limit: 50 }));
    const ana = await screen.findByRole('option', { name: /Ana Gerente/ });
    expect(ana).toHaveTextContent('ana@example.com');
    expect(screen.queryByRole('option', { name: /Bia/ })).not.toBeInTheDocument();
    await user.click(ana);
    expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('1:Ana Gerente');
    expect(input).toHaveValue('Ana Gerente');
  });

  it("shows a calendar's hours a week, in either language", async () => {
    serve({
      '/genericItem/loadCalendars': [
        { id: 7, name: 'Sala de reunião', weeklyMinutes: 510, periods: 2 },
        { id: 8, name: 'Plantão', weeklyMinutes: 240, periods: 1 },
        { id: 9, name: 'Vazio', weeklyMinutes: 0, periods: 0 },
      ],
    });
    const { user, input } = setup({ source: 'calendars', label: 'Calendário' });
    await user.click(input);
    expect(await screen.findByRole('option', { name: /Sala de reunião/ })).toHaveTextContent(
      '8,5 h de trabalho por semana · 2 períodos',
    );
    expect(screen.getByRole('option', { name: /Plantão/ })).toHaveTextContent('4 h de trabalho por semana · 1 período');
    expect(screen.getByRole('option', { name: /Vazio/ })).toHaveTextContent('Sem períodos de trabalho');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('option', { name: /Sala de reunião/ })).toHaveTextContent(
      '8.5 h of work a week · 2 periods',
    );
  });

  it('names a chosen status from the choices it loads before opening', async () => {
    const bodies = serve({
      '/genericItem/loadItemTypeStatuses': [
        { id: 11, name: 'A fazer', color: '#90A4AE', initial: true, final: false },
        { id: 12, name: 'Em andamento', color: '#42A5F5', initial: false, final: false },
      ],
    });
    const { input } = setup({
      source: 'statuses',
      label: 'Fase',
      componentId: 3,
      preload: true,
      initial: { id: 12, label: '' },
    });
    await waitFor(() => expect(input).toHaveValue('Em andamento'));
    expect(bodies[0]).toMatchObject({ path: '/genericItem/loadItemTypeStatuses', body: { componentId: 3 } });
  });

  it('shows a chosen one it cannot name by its id, and loads nothing before opening', async () => {
    const bodies = serve({});
    const { input } = setup({ source: 'groups', label: 'Grupo', initial: { id: 40, label: '' } });
    expect(input).toHaveValue('#40');
    expect(bodies).toHaveLength(0);
  });
});
